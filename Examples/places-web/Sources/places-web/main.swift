import Foundation
import NIOCore
import NIOPosix
import PlacesWeb

// Swift concurrency runs on NIO's event loops, the threads that read and write the sockets,
// instead of a pool of its own beside them: a message goes from its socket to its session and
// its answer back without switching threads, and the 2 cores are not shared by 4 busy threads.
// NIO requires this once, on the main thread, before any task runs: the first statement here.
if ProcessInfo.processInfo.environment["PLACES_WEB_POOL"] == nil {
  _ = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
}
exit(await PlacesWebTool.run(arguments: Array(CommandLine.arguments.dropFirst())))
