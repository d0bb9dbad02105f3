// Names for the copies recovery keeps: a sortable UTC time, and a free name beside the store.

import Foundation

/// The time stamp in the names of moved-aside and kept copies, such as
/// `notes.json.corrupt-20261122T075415Z`.
enum RecoveryStamp {
  /// `20261122T075415Z`: sortable, and free of characters that some file systems refuse.
  static func make(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
    return String(format: "%04d", parts.year ?? 0) + two(parts.month) + two(parts.day) + "T"
      + two(parts.hour) + two(parts.minute) + two(parts.second) + "Z"
  }

  /// `base` if nothing is there, else `base-2`, `base-3`...: never an existing name.
  static func freePath(_ base: String, fileSystem: some FileSystem) -> String {
    var path = base
    var attempt = 1
    while (try? fileSystem.status(ofPath: path)) != nil {
      attempt += 1
      path = base + "-\(attempt)"
    }
    return path
  }
}
