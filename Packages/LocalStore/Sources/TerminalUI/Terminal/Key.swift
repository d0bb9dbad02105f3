// One key press of the full-screen front end, decoded from the bytes a terminal sends.

/// A key the user pressed, as ``KeyDecoder`` understands it.
///
/// Printable input arrives as ``character(_:)``, one Unicode scalar per key: appending the
/// characters to a `String` joins combining marks and emoji sequences into one grapheme
/// again. Sequences the decoder does not know arrive as ``unknown(_:)`` with their bytes,
/// so a screen can ignore them without ever seeing half a sequence as text.
public enum Key: Hashable, Sendable {
  /// A printable character (one Unicode scalar); U+FFFD stands for bytes that are not UTF-8.
  case character(Character)
  /// Return or Enter (`\r`, also `\n`).
  case enter
  /// A lone Escape, told apart from the start of a sequence by a short wait.
  case escape
  /// Backspace (0x7F, also 0x08).
  case backspace
  /// Tab (0x09).
  case tab
  /// Shift-Tab (`ESC [ Z`).
  case backTab
  /// Arrow up, with or without modifiers.
  case up
  /// Arrow down, with or without modifiers.
  case down
  /// Arrow left, with or without modifiers.
  case left
  /// Arrow right, with or without modifiers.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Forward delete.
  case delete
  /// A control key other than Enter, Tab and Backspace, named by its letter in lowercase:
  /// Ctrl-C is `control("c")`. Ctrl-@ and Ctrl-\ ] ^ _ keep their punctuation.
  case control(Character)
  /// A sequence the decoder does not understand, with its bytes; safe to ignore.
  case unknown([UInt8])
}
