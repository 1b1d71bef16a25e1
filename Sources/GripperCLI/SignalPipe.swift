import Glibc

/// The write end of the self-pipe the installed handlers write to: a signal
/// handler can reach nothing but globals.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// A self-pipe the signals a command waits for wake its poll through — the
/// one way `record` and `live` handle signals. Each handler writes one byte,
/// the signal's number, and does nothing else (async-signal-safe). Both ends
/// are close-on-exec and non-blocking (a storm of signals cannot block a
/// handler on a full pipe); the handlers are installed with `sigaction`
/// (`SA_RESTART`) and the signals unblocked (a parent may have started us
/// with them blocked: the mask is inherited across exec). ``restore()`` puts
/// back the handlers there were before and closes the pipe. One at a time.
final class SignalPipe {
    /// What the poll watches; each byte read from it is a signal's number.
    let readEnd: Int32
    private let writeEnd: Int32
    private var previous: [(signal: Int32, action: sigaction)] = []

    /// Makes the pipe and installs handlers for `signals`.
    /// - Throws: the exit for bad input (2), the reason on stderr, when no
    ///   pipe can be made.
    init(waking signals: [Int32]) throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw BadInput.fail("cannot create the signal pipe: \(String(cString: strerror(errno)))") }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
        signalPipeWriteEnd = writeEnd
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(signalPipeWriteEnd, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in signals {
            var old = sigaction()
            sigaction(signal, &action, &old)
            previous.append((signal, old))
            sigaddset(&unblock, signal)
        }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// The signal a byte read from ``readEnd`` stands for.
    static func signal(of byte: UInt8) -> Int32 { Int32(byte) }

    /// Puts back the handlers there were before and closes the pipe.
    func restore() {
        for (signal, action) in previous {
            var old = action
            sigaction(signal, &old, nil)
        }
        previous = []
        signalPipeWriteEnd = -1
        close(readEnd)
        close(writeEnd)
    }
}
