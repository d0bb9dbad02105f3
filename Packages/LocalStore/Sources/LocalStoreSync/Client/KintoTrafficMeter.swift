// The running count of one client's traffic, an actor so that concurrent requests add up.

/// Adds up a ``KintoClient``'s requests and body bytes as they happen.
actor KintoTrafficMeter {
  /// The traffic so far.
  private(set) var total = KintoTraffic()

  /// Counts one request whose body had `sent` bytes.
  func sent(_ sent: Int) {
    total.requests += 1
    total.bytesSent += sent
  }

  /// Counts an answer body of `received` bytes.
  func received(_ received: Int) {
    total.bytesReceived += received
  }
}
