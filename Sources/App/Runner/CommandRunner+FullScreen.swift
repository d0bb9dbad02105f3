// Opens both stores and hands them, through the view models, to the full-screen mode.

import Foundation
import Models
import Persistence
import TerminalUI
import ViewModels

extension CommandRunner {
  /// Runs the full-screen front end on the stores in `directory` and returns its exit status.
  ///
  /// The stores are opened before the terminal is taken over, so a store that cannot be
  /// opened is reported as usual, on standard error, and the screen is never touched. A store
  /// that does not exist yet makes the mode open on the sample-deck offer.
  func runFullScreen(in directory: URL, options: GlobalOptions) async throws(AppError) -> Int32 {
    let storeURL = directory.appendingPathComponent(DataDirectoryResolver.storeFilename)
    let storeExists = FileManager.default.fileExists(atPath: storeURL.path)
    let questions: any Repository<Question>
    do {
      questions = try openRepository(directory)
    } catch {
      throw .store(error)
    }
    let sessions = try openStudyHistory(in: directory)
    let list = QuestionListViewModel(repository: questions)
    await list.load()
    // The screen follows the store while it is open: another terminal's `questions add`
    // shows up live. Leaving this scope cancels the child task, which ends the following.
    async let _ = list.followChanges()
    let model = QuestionBankModel(
      list: list, quiz: QuizViewModel(questions: questions, sessions: sessions),
      statistics: StatisticsViewModel(sessions: sessions, timeZone: timeZone),
      offersSampleDeck: !storeExists)
    let state = FullScreenState(model: model, size: .fallback)
    let style = TextStyle.forOutput(
      options: options, standardOutputIsTerminal: context.standardOutputIsTerminal,
      environment: context.environment)
    return try await FullScreenMode(state: state, colors: style.isEnabled).run()
  }
}
