// Checks exercise 5: two people claiming one name at the same moment: exactly one gets it.

import ExerciseSupport
import Persistence
import Testing

@testable import Exercise05

@Suite struct SignUpTests {
  @Test func freeNameIsClaimedAndTakenNameIsRefused() async throws {
    let accounts = InMemoryRepository<Account>()
    let signUp = SignUp(accounts: accounts, vetName: { _ in })
    #expect(try await signUp.claim("ada", for: "Ada Lovelace"))
    #expect(try await !signUp.claim("ada", for: "Ada Byron"))
    #expect(await accounts.find(by: "ada")?.owner == "Ada Lovelace")
  }

  @Test func twoClaimsAtOnceGiveTheNameToOne() async throws {
    let accounts = InMemoryRepository<Account>()
    // Both claims are held at the vetting step until the other has reached it too: the
    // interleaving that real traffic produces now and then happens on every run.
    let vetting = Arrivals(expected: 2)
    let signUp = SignUp(accounts: accounts, vetName: { _ in await vetting.arrive() })
    async let first = signUp.claim("ada", for: "Ada Lovelace")
    async let second = signUp.claim("ada", for: "Ada Byron")
    let results = try await [first, second]
    #expect(
      results.filter { $0 }.count == 1,
      "both people were told the name \"ada\" is theirs; the store kept only one of them")
  }
}
