// The fields of a termios struct as a comparable value, for checking modes and exact restores.

import Foundation

/// Every meaningful field of a `termios`, without the struct's padding bytes.
struct TerminalModes: Equatable, CustomStringConvertible {
  var input: tcflag_t
  var output: tcflag_t
  var control: tcflag_t
  var local: tcflag_t
  var characters: [cc_t]
  var inputSpeed: speed_t
  var outputSpeed: speed_t

  init(_ attributes: termios) {
    var attributes = attributes
    input = attributes.c_iflag
    output = attributes.c_oflag
    control = attributes.c_cflag
    local = attributes.c_lflag
    characters = withUnsafeBytes(of: &attributes.c_cc) { Array($0) }
    inputSpeed = cfgetispeed(&attributes)
    outputSpeed = cfgetospeed(&attributes)
  }

  /// Whether the terminal is in the raw mode `TerminalSession` sets: no line editing, echo,
  /// signals, flow control or output processing; reads return after one byte.
  var isRaw: Bool {
    local & tcflag_t(ICANON | ECHO | ISIG | IEXTEN) == 0
      && input & tcflag_t(ICRNL | IXON | ISTRIP) == 0 && output & tcflag_t(OPOST) == 0
      && characters[Int(VMIN)] == 1 && characters[Int(VTIME)] == 0
  }

  /// Whether line editing and echo are on, as a shell expects.
  var isCooked: Bool {
    local & tcflag_t(ICANON) != 0 && local & tcflag_t(ECHO) != 0
  }

  var description: String {
    "iflag \(String(input, radix: 8)) oflag \(String(output, radix: 8))"
      + " cflag \(String(control, radix: 8)) lflag \(String(local, radix: 8)) cc \(characters)"
  }
}
