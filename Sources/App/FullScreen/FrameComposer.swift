// Draws a whole frame from the full-screen state: title bar, the current page, status and hints.

import FlowKit
import LocalStoreSync
import LocalStoreSyncKit
import Models
import TerminalUI
import ViewModels

/// The pure function from state to frame that the run loop observes.
///
/// It reads the state and its view models and nothing else, so the same state always gives
/// the same frame: golden tests call it directly, and `Observations` re-runs it whenever
/// something it read changes.
enum FrameComposer {
  /// The smallest terminal the pages are laid out for.
  static let minimumSize = TerminalSize(columns: 20, rows: 6)

  /// The frame for `state` at its terminal size.
  static func frame(for state: FullScreenState) -> Frame {
    let size = state.size
    var frame = Frame(columns: size.columns, rows: size.rows)
    guard size.columns >= minimumSize.columns, size.rows >= minimumSize.rows else {
      frame.write("Terminal too small", row: 0, column: 0)
      frame.write("Need \(minimumSize.columns)x\(minimumSize.rows)", row: 1, column: 0)
      return frame
    }
    drawTitle(state, into: &frame)
    switch state.page {
    case .list, .search, .confirmDelete: ListPage.draw(state, into: &frame)
    case .editConflict:
      if case .editConflict(let yours, let theirs) = state.model.destination {
        ConflictPage.draw(yours: yours, theirs: theirs, sync: false, into: &frame)
      }
    case .syncConflict:
      if let conflict = state.syncConflicts?.current {
        ConflictPage.draw(yours: conflict.mine, theirs: conflict.theirs, sync: true, into: &frame)
      }
    case .tags: TagsPage.draw(state, into: &frame)
    case .editor: EditorPage.draw(state, into: &frame)
    case .quiz: QuizPage.draw(state.quiz, into: &frame)
    case .statistics:
      StatisticsPage.draw(
        state.statistics, scrollOffset: state.statisticsScrollOffset, into: &frame)
    case .help: HelpPage.draw(scrollOffset: state.helpScrollOffset, into: &frame)
    case .sampleOffer: SampleOfferPage.draw(into: &frame)
    }
    drawStatus(state, into: &frame)
    drawHints(state, into: &frame)
    return frame
  }

  /// The page's name on the left of a reversed bar, and a count or position on the right.
  private static func drawTitle(_ state: FullScreenState, into frame: inout Frame) {
    var title = " " + state.page.title
    var counter = ""
    switch state.page {
    case .list, .search, .confirmDelete, .editConflict:
      if let tag = state.list.tag { title += " · #" + tag }
      if state.page == .search || !state.list.searchText.isEmpty {
        let search = state.page == .search ? state.editableText?.textWithCursor : nil
        title += " /" + (search ?? state.list.searchText)
      }
      let shown = state.list.items.count
      let total = state.list.totalCount
      let filtered = state.list.tag != nil || !state.list.searchText.isEmpty
      if state.list.isPaged && !filtered {
        // A paged list holds only the pages read so far: the place in the store says more.
        counter = "\(state.selection + 1) of \(total)"
      } else if state.list.hasMoreToLoad {
        // A filter covers the pages read so far, never the whole store: say so.
        counter = "\(shown) in \(state.list.loadedCount) read of \(total)"
      } else {
        counter = shown == total ? "\(total)" : "\(shown) of \(total)"
      }
      // How to clear the filter is said here, beside it, so the footer keeps its keys.
      if state.page == .list, state.canPerform(.goBack) { counter = "Esc clears · " + counter }
    case .quiz where state.quiz.phase == .asking || state.quiz.phase == .revealed:
      counter = "\(state.quiz.position + 1) of \(state.quiz.total)"
    case .editor:
      title = state.editor?.isEditing == true ? " Edit question" : " New question"
    case .syncConflict:
      let count = state.syncConflicts?.conflicts.count ?? 0
      counter = count > 1 ? "1 of \(count)" : ""
    default: break
    }
    // Where the sync stands, first, on every page, when the folder syncs.
    if let sync = state.sync {
      counter = sync.indicator.text + (counter.isEmpty ? "" : " · " + counter)
    }
    let right = counter.isEmpty ? "" : counter + " "
    let rightWidth = DisplayWidth.of(right)
    frame.write(title, row: 0, column: 0, width: frame.columns - rightWidth - 1)
    frame.write(right, row: 0, column: frame.columns - rightWidth)
    frame.paint(row: 0, style: .reversed)
  }

  /// The conflict page's question, in the words of its key table (`m: keep mine · t: keep
  /// theirs`), so the status line and the hint bar never name one key two ways. When the other
  /// writer deleted the question, keeping theirs leaves it deleted.
  static func conflictQuestion(theirsDeleted: Bool) -> String {
    let choices = KeyTable.bindings(for: .editConflict).map { binding in
      let key = binding.label.split(separator: "/").first.map(String.init) ?? binding.label
      let words =
        theirsDeleted
        ? (binding.action == .confirm ? "save mine again" : "leave it deleted") : binding.summary
      return "\(key): \(words)"
    }
    return " " + choices.joined(separator: " · ")
  }

  /// The sync conflict page's question, in the words of its key table, saying what each
  /// choice does when one side deleted the question.
  static func syncConflictQuestion(_ conflict: SyncConflictsModel<Question>.Conflict) -> String {
    let choices = KeyTable.bindings(for: .syncConflict).filter { $0.action != .quit }.map {
      binding in
      let words =
        switch binding.action {
        case .confirm where conflict.mine == nil: "delete it there too"
        case .confirm where conflict.theirs == nil: "save mine again"
        case .keepTheirs where conflict.theirs == nil: "leave it deleted"
        case .keepTheirs where conflict.mine == nil: "take theirs back"
        default: binding.summary
        }
      return "\(binding.label): \(words)"
    }
    return " " + choices.joined(separator: " · ")
  }

  /// A question to answer, the last action's result, or a view model's failure in red.
  private static func drawStatus(_ state: FullScreenState, into frame: inout Frame) {
    let row = frame.rows - 2
    if state.page == .confirmDelete, let question = state.selectedQuestion {
      frame.write(
        " Delete? y/n  “\(question.prompt)”", row: row, column: 0,
        style: CellStyle.bold.colored(.yellow))
      return
    }
    if state.page == .syncConflict, let conflicts = state.syncConflicts,
      let conflict = conflicts.current
    {
      // A choice that failed says why; the keys stay in the hint bar.
      if let error = conflicts.errorMessage {
        frame.write(" " + error, row: row, column: 0, style: CellStyle.bold.colored(.red))
      } else {
        frame.write(
          syncConflictQuestion(conflict), row: row, column: 0,
          style: CellStyle.bold.colored(.yellow))
      }
      return
    }
    if case .editConflict(_, let theirs) = state.model.destination {
      frame.write(
        conflictQuestion(theirsDeleted: theirs == nil), row: row, column: 0,
        style: CellStyle.bold.colored(.yellow))
      return
    }
    if let status = state.status {
      let style = status.isError ? CellStyle.bold.colored(.red) : CellStyle.plain.colored(.green)
      frame.write(" " + status.text, row: row, column: 0, style: style)
    } else if let error = errorMessage(for: state) {
      frame.write(" " + error, row: row, column: 0, style: CellStyle.bold.colored(.red))
    }
  }

  /// The view-model error that belongs on the status line of the current page.
  private static func errorMessage(for state: FullScreenState) -> String? {
    switch state.page {
    case .syncConflict: state.syncConflicts?.errorMessage
    case .quiz: state.quiz.errorMessage ?? state.list.errorMessage
    case .statistics: nil  // Reading the history cannot fail.
    default: state.list.errorMessage
    }
  }

  /// The keys that do something on this page now, from the key table.
  private static func drawHints(_ state: FullScreenState, into frame: inout Frame) {
    let available = KeyTable.bindings(for: state.page).filter {
      // On the list, clearing a filter is shown in the title bar, beside the filter.
      $0.hint != nil && state.canPerform($0.action)
        && !(state.page == .list && $0.action == .goBack)
    }
    let text = HintBar.text(available, width: frame.columns - 1)
    frame.write(" " + text, row: frame.rows - 1, column: 0, style: .dim)
  }
}
