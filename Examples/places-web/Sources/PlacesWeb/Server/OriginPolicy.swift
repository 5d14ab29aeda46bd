/// Which pages may open a WebSocket to the server: its own, and no other site's.
///
/// A browser sends the `Origin` of the page that opens a WebSocket, and any page may try, so
/// without this check a site the user visits could drive their session (cross-site WebSocket
/// hijacking). An upgrade is accepted only when its `Origin` is `http://` followed by the
/// `Host` the request was sent to, and that host's name is one the server answers to: the
/// address it listens on and, when that is a loopback address, `localhost`, `127.0.0.1` and
/// `[::1]`. The list of names also stops DNS rebinding, where another site's name is made to
/// point at this machine. Listening on every address (`0.0.0.0`, `::`), any host
/// name is accepted, as long as `Origin` and `Host` agree.
///
/// A program's WebSocket client (the load generator's, Hummingbird's) names no page: it sends
/// `ws://` and the host name as its `Origin`, which no browser sends for a page, so it cannot
/// stand for another site's page; it is accepted for a host name the server answers to.
package struct OriginPolicy: Sendable {
  /// The host names accepted in `Host`, without the port; `nil` accepts any.
  package let hosts: Set<String>?

  /// The policy of a server listening on `host`.
  package init(listeningOn host: String) {
    let loopback: Set<String> = ["localhost", "127.0.0.1", "[::1]", "::1"]
    switch host {
    case "0.0.0.0", "::", "[::]":
      hosts = nil
    case _ where loopback.contains(host) || host.hasPrefix("127."):
      hosts = loopback.union([host])
    default:
      hosts = [host, host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host]
    }
  }

  /// Whether a WebSocket upgrade with these headers may go ahead.
  package func allows(origin: String?, host: String?) -> Bool {
    guard let origin, let host else { return false }
    let name = Self.name(inHost: host)
    guard origin == "http://" + host || origin == "ws://" + name else { return false }
    guard let hosts else { return true }
    return hosts.contains(name)
  }

  /// The name in a `Host` value, without its port (`localhost:8080` → `localhost`,
  /// `[::1]:8080` → `[::1]`).
  private static func name(inHost host: String) -> String {
    guard let colon = host.lastIndex(of: ":"), !host.hasSuffix("]"),
      host[host.index(after: colon)...].allSatisfy(\.isNumber)
    else { return host }
    return String(host[..<colon])
  }
}
