#if canImport(Glibc)
  import Glibc
#endif

/// Reads how much memory the process uses: the allocator's bytes in use, and the resident set.
enum MemoryProbe {
  /// The bytes the C allocator has handed out and not yet freed, in every arena and in
  /// `mmap`ed blocks (glibc's `mallinfo2` `uordblks + hblkhd`), or `nil` if unavailable.
  ///
  /// The Swift `Glibc` module does not import `malloc.h`, so this calls glibc's
  /// `malloc_stats()`, found with `dlsym`, with standard error redirected into a pipe, and reads
  /// the "in use bytes" of its "Total (incl. mmap)" section. Nothing is allocated on the heap
  /// between the caller and that call.
  static func heapBytesInUse() -> Int? {
    #if canImport(Glibc)
      guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "malloc_stats") else {
        return nil
      }
      let mallocStats = unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)
      var descriptors: (Int32, Int32) = (-1, -1)
      let piped = withUnsafeMutableBytes(of: &descriptors) { buffer in
        buffer.withMemoryRebound(to: Int32.self) { pipe($0.baseAddress) }
      }
      guard piped == 0 else { return nil }
      let savedError = dup(STDERR_FILENO)
      dup2(descriptors.1, STDERR_FILENO)
      mallocStats()
      dup2(savedError, STDERR_FILENO)
      close(savedError)
      close(descriptors.1)
      let output = readAll(from: descriptors.0)
      close(descriptors.0)
      let lines = output.split(separator: "\n")
      guard let total = lines.firstIndex(where: { $0.hasPrefix("Total (incl. mmap)") }) else {
        return nil
      }
      return lines[total...]
        .first { $0.hasPrefix("in use bytes") }
        .flatMap { $0.split(separator: "=").last }
        .flatMap { Int($0.trimming(" ")) }
    #else
      return nil
    #endif
  }

  /// ``heapBytesInUse()`` once background work has stopped changing it: read every 20 ms
  /// until three readings in a row agree, or for at most 2 s (then the last reading).
  ///
  /// A catalog's background rebuilds and the queue that frees the indexes it replaced
  /// allocate and free on their own threads; a reading taken while they run counted their
  /// bytes as the measured catalog's, which moved a 96 MB catalog's figure to 175 MB.
  static func settledHeapBytesInUse() -> Int? {
    guard var last = heapBytesInUse() else { return nil }
    var (agreeing, readings) = (1, 1)
    while agreeing < 3 && readings <= 100 {
      usleep(20_000)
      guard let reading = heapBytesInUse() else { return nil }
      agreeing = reading == last ? agreeing + 1 : 1
      (last, readings) = (reading, readings + 1)
    }
    return last
  }

  /// The resident set now and its peak so far (`VmRSS`, `VmHWM`), in bytes, on Linux.
  static func residentSet() -> (current: Int, peak: Int)? {
    #if canImport(Glibc)
      let descriptor = open("/proc/self/status", O_RDONLY)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      let status = readAll(from: descriptor)
      guard let current = kilobytes(named: "VmRSS:", in: status),
        let peak = kilobytes(named: "VmHWM:", in: status)
      else { return nil }
      return (current * 1024, peak * 1024)
    #else
      return nil
    #endif
  }

  private static func kilobytes(named field: String, in status: String) -> Int? {
    status.split(separator: "\n")
      .first { $0.hasPrefix(field) }
      .flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first }
      .flatMap { Int($0) }
  }

  #if canImport(Glibc)
    /// Reads up to 64 KiB from `descriptor`, to its end, and decodes it as UTF-8.
    private static func readAll(from descriptor: Int32) -> String {
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 << 16) { buffer in
        guard let base = buffer.baseAddress else { return "" }
        var count = 0
        while count < buffer.count {
          let result = read(descriptor, base + count, buffer.count - count)
          if result > 0 {
            count += result
          } else if result == 0 || errno != EINTR {
            break
          }
        }
        return String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
      }
    }
  #endif
}

extension StringProtocol {
  fileprivate func trimming(_ characters: String) -> String {
    var slice = Substring(self)
    while let first = slice.first, characters.contains(first) {
      slice = slice.dropFirst()
    }
    while let last = slice.last, characters.contains(last) {
      slice = slice.dropLast()
    }
    return String(slice)
  }
}
