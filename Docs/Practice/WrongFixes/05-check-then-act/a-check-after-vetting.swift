// Wrong fix: vet first, then check, then save, so that no slow call sits between the check
// and the save. There is still an `await` between them (each is a call to the accounts
// actor), and another claim can save in that gap.
// Refused by: both people were told the name

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
    guard await accounts.find(by: name) == nil else { return false }
    try await accounts.save(Account(id: name, owner: owner))
    return true
  }
}
