// Exercise 5: claiming a user name with a check, an await, then a save: two people get the same name.

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
    guard await accounts.find(by: name) == nil else { return false }
    await vetName(name)
    try await accounts.save(Account(id: name, owner: owner))
    return true
  }
}
