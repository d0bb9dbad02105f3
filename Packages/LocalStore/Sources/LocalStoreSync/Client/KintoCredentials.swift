// A Kinto account's user name and password, which never appear in a description.

import Foundation

/// The user name and password of a Kinto account (the accounts plugin, HTTP basic auth).
///
/// Its descriptions show the user name only, so that printing the value, an error or a
/// client never prints the password.
public struct KintoCredentials: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  /// The account's user name.
  public var user: String
  /// The account's password.
  public var password: String

  /// Credentials for `user` with `password`.
  public init(user: String, password: String) {
    self.user = user
    self.password = password
  }

  /// "user NAME (password hidden)".
  public var description: String { "user \(user) (password hidden)" }

  /// The same as ``description``.
  public var debugDescription: String { description }

  /// The value of the `Authorization` header.
  var authorization: String {
    "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
  }
}
