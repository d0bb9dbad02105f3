// Wrong fix: save first, then read the account back and see whose it is. Two claims at once
// end with one owner, but a save replaces an account that already exists: a name taken
// long ago is taken away from its owner.
// Refused by: was already taken

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
    try await accounts.save(Account(id: name, owner: owner))
    return await accounts.find(by: name)?.owner == owner
  }
}
