// Foundation APIs, old and new: the old ones pass, the new ones are named.
import Foundation

func secondsPast(_ date: Date) -> Int {
  Calendar.current.dateComponents([.second], from: date).second ?? 0
}

func firstByte(of data: Data) -> UInt8? {
  let bytes: Data = data
  return bytes.span.isEmpty ? nil : bytes[0]
}

func weekly() -> Calendar.RecurrenceRule {
  Calendar.RecurrenceRule(calendar: .current, frequency: .weekly)
}
