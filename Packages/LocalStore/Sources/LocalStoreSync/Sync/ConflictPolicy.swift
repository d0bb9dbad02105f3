// Who wins an edit conflict: a person (the default), the server or this device.

import Foundation

/// Who wins an edit conflict.
public enum ConflictPolicy: Equatable, Sendable {
  /// Nobody: the conflict is recorded and the local change kept pending for a person to
  /// choose. The default.
  case ask
  /// The server's version replaces the local change.
  case serverWins
  /// The local change is sent again over the server's version.
  case clientWins
}
