import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The context of a request: Hummingbird's, with the WebSocket handler, and the connection it
/// came on, so that a refused upgrade can be answered 403 (``RefusedUpgradeStatus``).
struct WebRequestContext: RequestContext, WebSocketRequestContext {
  var coreContext: CoreRequestContextStorage
  let webSocket: WebSocketHandlerReference<Self>
  /// The connection the request came on.
  let channel: any Channel

  init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    webSocket = .init()
    channel = source.channel
  }
}
