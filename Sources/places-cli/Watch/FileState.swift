#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a file looks like on disk at one moment, as `stat(2)` reports it, without reading it.
///
/// Two states of a present file are equal when nothing a rewrite changes differs: the device
/// and inode (an editor that saves by renaming a new file over the old one gives a new inode),
/// the size, and the times of the last modification and of the last status change, to the
/// nanosecond where the file system keeps them. A rewrite that keeps the inode, the size and
/// both times (possible only on a file system with coarse timestamps, within one tick) is not
/// told apart.
enum FileState: Equatable, Sendable {
  /// The file is there.
  case present(Stamp)
  /// Nothing is at the path, or a folder on the way to it is missing.
  case missing
  /// `stat(2)` failed for another reason, given as its `errno`.
  case unreadable(code: Int32)

  /// The fields of `stat(2)` that a rewrite of a file changes.
  struct Stamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Time
    var statusChanged: Time
  }

  /// A time as `stat(2)` gives it: seconds and nanoseconds.
  struct Time: Equatable, Sendable {
    var seconds: Int
    var nanoseconds: Int
  }

  /// The state of the file at `path` now.
  init(ofFileAt path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      self = code == ENOENT || code == ENOTDIR ? .missing : .unreadable(code: code)
      return
    }
    #if canImport(Darwin)
      let modified = info.st_mtimespec
      let statusChanged = info.st_ctimespec
    #else
      let modified = info.st_mtim
      let statusChanged = info.st_ctim
    #endif
    self = .present(
      Stamp(
        device: UInt64(truncatingIfNeeded: info.st_dev),
        inode: UInt64(truncatingIfNeeded: info.st_ino),
        size: Int64(info.st_size),
        modified: Time(seconds: modified.tv_sec, nanoseconds: modified.tv_nsec),
        statusChanged: Time(seconds: statusChanged.tv_sec, nanoseconds: statusChanged.tv_nsec)))
  }
}
