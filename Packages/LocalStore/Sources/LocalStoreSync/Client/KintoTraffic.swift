// What a client sent and received: requests and body bytes, for status lines and benchmarks.

/// The requests one ``KintoClient`` made and the bytes of their bodies, both ways.
///
/// Bodies only: the request line and headers (a few hundred bytes per request, most of them
/// the same each time) are not counted. A request that never reached the server (refused,
/// offline) counts as a request with no bytes received.
public struct KintoTraffic: Equatable, Sendable {
  /// Requests sent, `/batch` requests counted once however many writes they carry.
  public var requests = 0
  /// Bytes of the request bodies sent.
  public var bytesSent = 0
  /// Bytes of the answer bodies received.
  public var bytesReceived = 0

  /// No traffic.
  public init() {}

  /// The traffic from `earlier` to this one.
  public static func - (later: KintoTraffic, earlier: KintoTraffic) -> KintoTraffic {
    var difference = KintoTraffic()
    difference.requests = later.requests - earlier.requests
    difference.bytesSent = later.bytesSent - earlier.bytesSent
    difference.bytesReceived = later.bytesReceived - earlier.bytesReceived
    return difference
  }
}
