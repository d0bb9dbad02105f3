// The system calls one save makes, counted through the file-system double, so that a change
// that adds one to every save is noticed.

import Foundation
import Models
import TestSupport
import Testing

@testable import Persistence

@Suite struct SaveSystemCallTests {
  /// A lone durable save on a store that already has its snapshot and journal: one check that
  /// the folder is there, the lock, one status of each file to notice other writers, one
  /// `write`, the unlock, and one `fsync` through the journal's own descriptor, with no
  /// duplicate descriptor to open and close.
  @Test func aLoneDurableSaveMakesSevenSystemCalls() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    let repository = try LocalRepository<Question>(
      directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    try await repository.save(contentsOf: sampleQuestions(3, prefix: "base"))
    try await repository.save(Question(prompt: "creates the journal", answer: "a"))
    fileSystem.fail(at: nil)

    try await repository.save(Question(prompt: "counted", answer: "a"))

    #expect(
      fileSystem.calls == ["lstat", "flock", "lstat", "lstat", "write", "funlock", "fsync"],
      "\(fileSystem.calls)")
  }

  /// With ``Durability/lossyOnPowerCut(syncWithin:)`` the save itself makes no `fsync`.
  @Test func aLossySaveMakesSixSystemCalls() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    var configuration = StoreConfiguration()
    configuration.durability = .lossyOnPowerCut(syncWithin: .seconds(3600))
    let repository = try LocalRepository<Question>(
      directory: folder.url, filename: "q.json", configuration: configuration,
      fileSystem: fileSystem)
    try await repository.save(contentsOf: sampleQuestions(3, prefix: "base"))
    try await repository.save(Question(prompt: "creates the journal", answer: "a"))
    fileSystem.fail(at: nil)

    try await repository.save(Question(prompt: "counted", answer: "a"))

    #expect(
      fileSystem.calls == ["lstat", "flock", "lstat", "lstat", "write", "funlock"],
      "\(fileSystem.calls)")
  }
}
