// The names of the temporary files a store writes, and the one rule that finds their leftovers.

/// Names the temporary file of a write: `.<name>.tmp-<16 hex digits>` beside the target.
///
/// Every file a store replaces durably goes through such a name: the snapshot, the
/// journal when a compaction shortens it, a copy of a torn journal tail, and the second name
/// a replaced file keeps until its folder is synced. So one rule finds every leftover of a
/// writer that was killed: a hidden name that starts with the store's file name and ends in
/// `.tmp-` and sixteen lower-case hexadecimal digits.
enum TemporaryFileName {
  /// A fresh temporary name for the file at `target` (a path or a bare name).
  static func make(for target: String) -> String {
    let name = target.split(separator: "/").last.map(String.init) ?? target
    let random = UInt64.random(in: .min ... .max)
    let hex = String(random, radix: 16)
    return ".\(name).tmp-" + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// Whether `candidate` is a temporary name made for the store file `name` or for one of the
  /// files a store writes beside it: `<name>.journal`, and the copies
  /// `<name>.journal.torn-…`, `<name>.journal.unapplied-…` and the `<name>.corrupt-…` and
  /// `<name>.journal.corrupt-…` a repair writes where the file system has no hard links.
  /// Nothing else: not the temporary file of another store whose name merely starts with
  /// the same letters.
  static func isTemporary(_ candidate: String, for name: String) -> Bool {
    let suffix = candidate.utf8.suffix(21)
    guard candidate.hasPrefix("."), suffix.count == 21, suffix.starts(with: ".tmp-".utf8),
      suffix.dropFirst(5).allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
    else { return false }
    let target = String(decoding: candidate.utf8.dropFirst().dropLast(21), as: UTF8.self)
    let journal = name + ".journal"
    return target == name || target == journal || target.hasPrefix(journal + ".torn-")
      || target.hasPrefix(journal + ".unapplied-") || target.hasPrefix(name + ".corrupt-")
      || target.hasPrefix(journal + ".corrupt-")
  }

  /// Removes the temporary files of the store at `location` left by a writer that was
  /// killed, if no other writer holds the store's lock right now. Best effort: a folder that
  /// cannot be read or written has no leftovers of ours to remove anyway.
  ///
  /// The folder is listed first without the lock, so that opening a store with no leftovers
  /// (nearly every open) takes the lock once, to read, not once more for this; the names are
  /// listed again under the lock before any is removed, since a writer may be using one.
  static func removeLeftovers(
    of location: StoreLocation, fileSystem: any FileSystem, lock: StoreLock
  ) {
    guard let names = try? fileSystem.contentsOfDirectory(location.directory),
      names.contains(where: { isTemporary($0, for: location.filename) })
    else { return }
    lock.ifUncontended {
      guard let names = try? fileSystem.contentsOfDirectory(location.directory) else { return }
      for name in names where isTemporary(name, for: location.filename) {
        try? fileSystem.unlink(location.directory + "/" + name)
      }
    }
  }
}
