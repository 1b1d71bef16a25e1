import GripperFiles
#if canImport(Glibc)
import Glibc
#endif

/// The terminal in raw mode on the alternate screen, restored on leave.
final class Terminal {
    enum Key { case quit, resize }
    private var saved = termios()
    private var active = false
    private let isTTY = isatty(STDIN_FILENO) == 1

    var size: (columns: Int, rows: Int) {
        var w = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &w) == 0, w.ws_col > 0, w.ws_row > 0 { return (Int(w.ws_col), Int(w.ws_row)) }
        return (100, 40)
    }

    func enter() {
        if isTTY, tcgetattr(STDIN_FILENO, &saved) == 0 {
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
            raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
            _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        }
        active = true
        emit("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    }

    func leave() {
        guard active else { return }
        active = false
        emit("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        if isTTY { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
    }

    func draw(_ screen: String) { emit("\u{1B}[H" + screen) }

    /// A key (when `keyboard`: the terminal is drawn on) or signal waiting, without blocking.
    static func pendingKey(signalPipe: Int32, keyboard: Bool) -> Key? {
        let isTTY = keyboard && isatty(STDIN_FILENO) == 1
        var fds = [pollfd(fd: signalPipe, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: isTTY ? STDIN_FILENO : -1, events: Int16(POLLIN), revents: 0)]
        guard poll(&fds, 2, 0) > 0 else { return nil }
        if fds[0].revents != 0 {
            var b: UInt8 = 0
            _ = read(signalPipe, &b, 1)
            return SignalPipe.signal(of: b) == SIGWINCH ? .resize : .quit
        }
        if isTTY, fds[1].revents & Int16(POLLIN) != 0 {
            var buffer = [UInt8](repeating: 0, count: 16)
            let n = read(STDIN_FILENO, &buffer, buffer.count)
            if n > 0, buffer[..<n].contains(where: { $0 == UInt8(ascii: "q") || $0 == 3 }) { return .quit }
        }
        return nil
    }

    private func emit(_ s: String) {
        // Whatever happens to it: the screen is drawn again, and the command's own output reports its errors.
        try? FileOutput.write(s, toDescriptor: STDOUT_FILENO, name: "standard output")
    }
}
