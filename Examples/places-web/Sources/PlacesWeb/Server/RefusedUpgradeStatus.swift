import NIOCore
import NIOHTTP1

/// Answers 403 Forbidden, instead of Hummingbird's 400 Bad Request, to a WebSocket upgrade
/// that ``OriginPolicy`` refuses: the request is well formed, and the server declines it.
///
/// Hummingbird answers every refused upgrade with an empty 400 and closes the connection. The
/// server adds this handler to the connection of an upgrade it refuses, before refusing it;
/// it turns that answer's 400 into a 403 on its way out. No other connection has it.
final class RefusedUpgradeStatus: ChannelOutboundHandler, Sendable {
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  init() {}

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard case .head(var head) = unwrapOutboundIn(data), head.status == .badRequest else {
      context.write(data, promise: promise)
      return
    }
    head.status = .forbidden
    context.write(wrapOutboundOut(.head(head)), promise: promise)
  }
}
