// Draws a sync conflict: a __model__ changed here and on another device, field by field.

import LocalStoreSync
import LocalStoreSyncKit
import Models
import TerminalUI

extension ListFrame {
  /// The conflict on screen: what differs, this device's version ("mine") and the server's
  /// ("theirs"); when one side deleted the __model__, the other side's fields.
  static func drawSyncConflict(_ screen: ListScreen, into frame: inout Frame) {
    guard let conflict = screen.syncConflicts?.current else { return }
    let heading: String
    let differences: [FieldDifference]
    switch (conflict.mine, conflict.theirs) {
    case (let mine?, let theirs?):
      heading = "“\(mine.__title__)” was changed here and on another device."
      differences = mine.differences(from: theirs)
    case (nil, let theirs?):
      heading = "“\(theirs.__title__)” was deleted here and changed on another device."
      differences = theirs.editableFields.map {
        FieldDifference(field: $0.label, yours: "(deleted)", theirs: $0.text)
      }
    case (let mine?, nil):
      heading = "“\(mine.__title__)” was changed here and deleted on another device."
      differences = mine.editableFields.map {
        FieldDifference(field: $0.label, yours: $0.text, theirs: "(deleted)")
      }
    case (nil, nil):
      return
    }
    let count = screen.syncConflicts?.conflicts.count ?? 1
    frame.write(
      heading + (count > 1 ? " (1 of \(count))" : ""), row: 2, column: 2,
      style: CellStyle.bold.colored(.yellow), width: frame.columns - 4)
    drawDifferences(differences, into: &frame)
  }

  /// The status line's choices on the sync conflict page, saying what each key does when
  /// one side deleted the __model__.
  static func syncConflictChoices(_ conflict: SyncConflictsModel<__MODEL__>.Conflict?) -> String {
    switch (conflict?.mine, conflict?.theirs) {
    case (nil, _): "m: delete it there too  t: take theirs back  Esc: later"
    case (_, nil): "m: save mine again  t: leave it deleted  Esc: later"
    default: "m: keep mine  t: keep theirs  Esc: later"
    }
  }
}
