// The stores the app opens once, at start-up, and shares with every screen.

import Foundation
import Persistence

public struct Library: Sendable {
  public let books: LocalRepository<Book>
}
