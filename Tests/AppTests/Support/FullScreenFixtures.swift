// Full-screen states built on in-memory stores with known questions, for golden frames.

import FlowKit
import Foundation
import LocalStore
import Models
import TerminalUI
import ViewModels

@testable import App

/// Builds ``FullScreenState`` values in known states.
@MainActor
enum FullScreenFixtures {
  /// Questions with fixed ids: short and long prompts, tags, and wide characters.
  static let questions: [Question] = [
    Fixtures.actor,
    Question(
      id: Fixtures.uuid("3F2A1B4C-0000-4000-8000-000000000010"),
      prompt: "Why must a durable save fsync the folder after renaming the temporary file over "
        + "the old one, and what happens on a power cut if it does not?",
      answer: "The rename lives in the folder's entry, which is only durable once the folder "
        + "itself is synced; without it a power cut can bring the old file back.",
      tags: ["durability", "fsync", "files"], createdAt: Fixtures.date),
    Question(
      id: Fixtures.uuid("3F2A1B4C-0000-4000-8000-000000000011"),
      prompt: "日本語の質問：アクターとは何ですか？", answer: "状態を守る参照型",
      tags: ["日本語"], createdAt: Fixtures.date),
    Fixtures.sendable,
    Fixtures.optional,
  ]

  /// A state at `size` over `questions` and `sessions`, loaded, on the list page.
  static func state(
    size: TerminalSize, questions: [Question] = questions, sessions: [StudySession] = [],
    offersSample: Bool = false
  ) async -> (FullScreenState, InMemoryRepository<Question>) {
    let repository = InMemoryRepository(questions)
    let history = InMemoryRepository(sessions)
    let list = QuestionListViewModel(repository: repository)
    await list.load()
    let quiz = QuizViewModel(
      questions: repository, sessions: history, arrange: { $0 }, now: { Fixtures.date })
    let statistics = StatisticsViewModel(
      sessions: history, timeZone: TimeZone(identifier: "UTC") ?? .current)
    let model = QuestionBankModel(
      list: list, quiz: quiz, statistics: statistics, offersSampleDeck: offersSample)
    let state = FullScreenState(model: model, size: size)
    return (state, repository)
  }

  /// Three finished quizzes over two days.
  static let sessions: [StudySession] = [
    session(day: 0, answers: [(["actors"], true), (["actors", "io"], false)]),
    session(day: 0, hour: 1, answers: [(["io"], true), ([], true)]),
    session(day: 1, answers: [(["actors"], true), (["fsync"], false), (["io"], false)]),
  ]

  private static func session(
    day: Int, hour: Int = 0, answers: [([String], Bool)]
  ) -> StudySession {
    let finished = Fixtures.date.addingTimeInterval(Double(day * 86_400 + hour * 3_600))
    return StudySession(
      startedAt: finished.addingTimeInterval(-60), finishedAt: finished,
      answers: answers.map { StudyAnswer(questionID: UUID(), tags: $0.0, knewIt: $0.1) })
  }
}
