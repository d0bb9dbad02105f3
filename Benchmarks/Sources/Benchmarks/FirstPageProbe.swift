// The child side of the large store's memory row: open it, read its size and first page.

import Foundation
import LocalStore
import LocalStoreSQLite
import Models

/// Run as `Benchmarks first-page-probe <store> <folder>` by ``SQLiteStoreWorkload``: notes
/// `VmRSS`, opens the store as the app opens it, reads `count()` and the first page of 50
/// (what a list shows first), then prints a ``MemoryProbe/Report`` line with `VmHWM`.
struct FirstPageProbe {
  static let subcommand = "first-page-probe"

  let store: SQLiteStoreReport.Store
  let folder: URL

  func run() async -> Int32 {
    guard let before = MemoryStatus.current() else { return 1 }
    do {
      let (count, page) = try await SQLiteStoreWorkload.openFirstPage(store, in: folder)
      guard let after = MemoryStatus.current(), page == min(count, 50) else { return 1 }
      let report = MemoryProbe.Report(
        baselineKiB: before.residentKiB, peakKiB: after.peakKiB, residentKiB: after.residentKiB,
        items: count)
      FileHandle.standardOutput.write(try JSONEncoder().encode(report) + Data("\n".utf8))
      return 0
    } catch {
      FileHandle.standardError.write(Data("first-page-probe: \(error)\n".utf8))
      return 1
    }
  }
}
