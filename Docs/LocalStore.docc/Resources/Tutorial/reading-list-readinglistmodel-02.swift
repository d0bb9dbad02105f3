// The state behind the reading list screen, for SwiftUI and the command line alike.

import Foundation
import Observation
import LocalStore

@Observable @MainActor
public final class ReadingListModel {
  /// Every book, in the order they were added.
  public private(set) var books: [Book] = []

  /// What went wrong with the last action, for the screen to show; `nil` after a success.
  public private(set) var errorMessage: String?

  private let repository: any Repository<Book>

  public init(repository: any Repository<Book>) {
    self.repository = repository
  }

  /// Reads every book from the repository.
  public func load() async {
    books = await repository.loadAll()
  }
}
