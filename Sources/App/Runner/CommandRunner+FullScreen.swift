// Opens both stores and hands them, through the view models, to the full-screen mode.

import CommandLineKit
import FlowKit
import Foundation
import LocalStore
import LocalStoreSyncKit
import Models
import Persistence
import TerminalUI
import ViewModels

extension CommandRunner {
  /// Runs the full-screen front end on the stores in `directory` and returns its exit status.
  ///
  /// The stores are opened before the terminal is taken over, so a store that cannot be
  /// opened is reported as usual, on standard error, and the screen is never touched. A store
  /// that does not exist yet makes the mode open on the sample-deck offer. The stores are
  /// kept in ``openedStores``, which ``run(_:)`` synchronizes once the mode has ended.
  func runFullScreen(in directory: URL, options: GlobalOptions) async throws(AppError) -> Int32 {
    // Its snapshot or journal: the lock alone is left by an earlier run that stored nothing.
    // A setting naming a store means a store was chosen, and so made.
    let storeExists =
      [".journal", ""].contains {
        FileManager.default.fileExists(
          atPath: directory.appendingPathComponent(DataDirectoryResolver.storeFilename + $0).path)
      }
      || FileManager.default.fileExists(
        atPath: directory.appendingPathComponent(StoreKind.settingFilename).path)
    let declined = directory.appendingPathComponent(Self.sampleDeckDeclinedMarker)
    let offersSampleDeck =
      !storeExists && !FileManager.default.fileExists(atPath: declined.path)
    let opened: OpenedStore<Question>
    do {
      // Off the main actor (`LocalRepository.open`), before the terminal is taken over.
      opened = try await openRepository(directory)
    } catch {
      throw .store(error)
    }
    let questions = openedStores.keep(opened.repository)
    // On standard error before the screen is taken over: the terminal shows it again once
    // the full-screen mode ends. The screen itself opens on a short form of the first one.
    warn(about: opened.warnings)
    let sessions = try await openStudyHistory(in: directory)
    let list = QuestionListViewModel(repository: questions)
    await list.load()
    // The screen follows the store while it is open: another terminal's `questions add`
    // shows up live. Leaving this scope cancels the child task, which ends the following.
    async let _ = list.followChanges()
    let model = QuestionBankModel(
      list: list, quiz: QuizViewModel(questions: questions, sessions: sessions),
      statistics: StatisticsViewModel(sessions: sessions, timeZone: timeZone),
      offersSampleDeck: offersSampleDeck,
      onSampleDeckDeclined: { Self.rememberDeclinedSampleDeck(at: declined) })
    if let warning = opened.warnings.first { model.showNotice(Self.notice(for: warning)) }
    // A folder that synced once syncs in the background while the screen is open: after
    // changes settle, and every minute. Leaving this scope cancels it with the following.
    let sync = await backgroundSync(for: questions, in: directory)
    let syncChanges = sync == nil ? nil : await questions.changes()
    async let _ = sync?.keepSynced(
      following: syncChanges ?? .finished, debounce: Self.backgroundSyncDebounce,
      period: Self.backgroundSyncPeriod)
    let state = FullScreenState(
      model: model, size: .fallback, sync: sync,
      syncConflicts: sync == nil ? nil : syncConflicts(for: questions))
    let style = TextStyle.forOutput(
      options: options, standardOutputIsTerminal: context.standardOutputIsTerminal,
      environment: context.environment)
    // However the mode ends (`q`, a signal, a terminal error), `run` synchronizes the stores
    // once this returns or throws.
    return try await presentFullScreen(state, style.isEnabled)
  }

  /// The one-line form of `warning` for the status line; the whole sentence went to
  /// standard error.
  static func notice(for warning: StoreWarning) -> String {
    let kept = warning.copy.map { "kept in \($0.lastPathComponent)" } ?? "kept at its end"
    return "\(warning.file.lastPathComponent) ended in \(warning.bytes.count) damaged bytes"
      + " a power cut left; they are \(kept). Nothing saved was lost."
  }

  /// The empty file in the data folder that says the sample deck was declined there.
  static let sampleDeckDeclinedMarker = "sample-deck-declined"

  /// Writes the marker at `url`, creating the data folder (0700) if needed. A failure only
  /// means the offer is made again next time, so it is not reported.
  static func rememberDeclinedSampleDeck(at url: URL) {
    let folder = url.deletingLastPathComponent()
    try? FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    _ = FileManager.default.createFile(
      atPath: url.path, contents: Data(), attributes: [.posixPermissions: 0o600])
  }
}
