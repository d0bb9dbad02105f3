// Why a test's Kinto server did not start.

/// Why a test server did not start, with the script's own message.
public struct KintoTestServerError: Error, CustomStringConvertible, Sendable {
  /// What went wrong.
  public var message: String
  /// An error with `message`.
  public init(message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}
