// Wrong fix: claim with `insert`, as the solution does, but with `try?`, "so that a failed
// save just means no". A store that fails (a full disk, a lost connection) is then reported
// as a name already taken: the person is told to pick another name, and nobody learns that
// the store is failing.
// Refused by: a store error is not a domain answer

import LocalStore

/// An account; its ID is the user name, so a name belongs to one owner.
struct Account: Codable, Identifiable, Sendable, Equatable {
  var id: String
  var owner: String
}

/// Gives out user names, first come first served.
struct SignUp: Sendable {
  let accounts: any Repository<Account>
  /// Checks a name against the rules (a call to a server in the app). It takes a while.
  let vetName: @Sendable (String) async -> Void

  /// Claims `name` for `owner`; returns `false` when the name is already taken.
  func claim(_ name: String, for owner: String) async throws -> Bool {
    await vetName(name)
    return (try? await accounts.insert(Account(id: name, owner: owner))) ?? false
  }
}
