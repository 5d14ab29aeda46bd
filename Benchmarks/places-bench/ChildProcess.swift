import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs another program and waits for it, with `posix_spawn`, so that the parent adds as
/// little as possible to the time measured (Foundation's `Process` adds about 40 ms on Linux).
enum ChildProcess {
  /// How a child ended, and what it wrote.
  struct Outcome {
    /// The exit status, or 128 + the signal that ended it.
    let status: Int32
    /// Standard output and standard error, interleaved; empty unless captured.
    let output: String
    /// Wall time from before the spawn to after the wait.
    let nanoseconds: Double
  }

  /// The absolute path of the running executable, or `nil` if it cannot be found.
  static var currentExecutable: String? {
    #if os(Linux)
      var buffer = [CChar](repeating: 0, count: 4096)
      let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      guard length > 0 else { return nil }
      return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #else
      return CommandLine.arguments.first
    #endif
  }

  /// The directory holding the running executable, where SwiftPM puts its siblings.
  static var executableDirectory: String? {
    currentExecutable.map { path in
      guard let slash = path.lastIndex(of: "/") else { return "." }
      return String(path[..<slash])
    }
  }

  /// Whether `path` names an executable file.
  static func isExecutable(_ path: String) -> Bool {
    access(path, X_OK) == 0
  }

  /// Finds `name` in the directories of `PATH`.
  static func searchPath(for name: String) -> String? {
    guard let path = getenv("PATH").map({ String(cString: $0) }) else { return nil }
    return path.split(separator: ":").map { "\($0)/\(name)" }.first(where: isExecutable)
  }

  /// Runs `path` with `arguments` and waits for it to exit.
  ///
  /// - Parameters:
  ///   - path: The program to run.
  ///   - arguments: Its arguments, after its name.
  ///   - capturingOutput: Whether to collect the child's standard output and standard error;
  ///     otherwise both go to `/dev/null`.
  ///   - environment: Variables to set in the child, beside this process's own.
  /// - Returns: How it ended, or `nil` if it could not be started.
  static func run(
    _ path: String, arguments: [String], capturingOutput: Bool,
    environment: [String: String] = [:]
  ) -> Outcome? {
    var descriptors: [Int32] = [-1, -1]
    if capturingOutput {
      guard pipe(&descriptors) == 0 else { return nil }
    }
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if capturingOutput {
      posix_spawn_file_actions_adddup2(&actions, descriptors[1], STDOUT_FILENO)
      posix_spawn_file_actions_adddup2(&actions, descriptors[1], STDERR_FILENO)
      posix_spawn_file_actions_addclose(&actions, descriptors[0])
      posix_spawn_file_actions_addclose(&actions, descriptors[1])
    } else {
      posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    }
    let argumentStrings = ([path] + arguments).map { strdup($0) }
    let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let environmentStrings = variables.map { strdup("\($0)=\($1)") }
    defer {
      for string in argumentStrings + environmentStrings {
        free(string)
      }
    }
    let argv = argumentStrings + [nil]
    let envp = environmentStrings + [nil]

    var processID = pid_t()
    let clock = ContinuousClock()
    let start = clock.now
    let spawned = posix_spawn(&processID, path, &actions, nil, argv, envp)
    if capturingOutput {
      close(descriptors[1])
    }
    guard spawned == 0 else {
      if capturingOutput {
        close(descriptors[0])
      }
      return nil
    }
    let output = capturingOutput ? readAll(from: descriptors[0]) : ""
    if capturingOutput {
      close(descriptors[0])
    }
    var status: Int32 = 0
    while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
    let elapsed = clock.now - start
    let (seconds, attoseconds) = elapsed.components
    return Outcome(
      status: exitStatus(status),
      output: output,
      nanoseconds: Double(seconds) * 1e9 + Double(attoseconds) / 1e9)
  }

  private static func readAll(from descriptor: Int32) -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes += chunk[..<count]
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Decodes a `waitpid` status: the exit code, or 128 + the terminating signal.
  private static func exitStatus(_ status: Int32) -> Int32 {
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }
}
