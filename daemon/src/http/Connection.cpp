#include "http/Connection.hpp"

#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

#include "http/ErrorAnswer.hpp"
#include "http/HttpError.hpp"

namespace lodestone::http {
namespace {

constexpr std::size_t kReadChunk = 64 * 1024;
constexpr auto kLingerTime = std::chrono::seconds(2);
constexpr std::size_t kMaxLingerBytes = 1024 * 1024;
constexpr std::size_t kRestPiece = 256 * 1024;  // of a spooled body, read and sent at a time
const std::string kContinue = "HTTP/1.1 100 Continue\r\n\r\n";

std::string seconds(std::chrono::milliseconds duration) {
    auto tenths = duration.count() / 100;
    return std::to_string(tenths / 10) + (tenths % 10 ? "." + std::to_string(tenths % 10) : "") +
           " s";
}

}  // namespace

Connection::Connection(int fd, const Poco::Net::SocketAddress& client, const FrontOptions& options,
                       Clock::time_point now)
    : fd_(fd), client_(client), options_(options), parser_(options.parser), idleSince_(now) {}

Connection::~Connection() {
    close();
}

void Connection::close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    state_ = State::Closed;
}

void Connection::onReadable(Clock::time_point now) {
    if (state_ != State::Reading && state_ != State::Lingering) return;
    char buffer[kReadChunk];
    ssize_t got = ::recv(fd_, buffer, sizeof(buffer), 0);
    if (got < 0) {
        if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) close();
        return;
    }
    if (got == 0) {
        // The client is done sending. A request it left half-sent cannot be answered usefully.
        close();
        return;
    }
    if (state_ == State::Lingering) {
        lingered_ += static_cast<std::size_t>(got);
        if (lingered_ > kMaxLingerBytes) close();
        return;
    }
    input_.append(buffer, static_cast<std::size_t>(got));
    parse(now);
}

void Connection::parse(Clock::time_point now) {
    while (state_ == State::Reading && !requestReady_ && inputUsed_ < input_.size()) {
        const auto before = parser_.progress();
        try {
            inputUsed_ += parser_.feed(std::string_view(input_).substr(inputUsed_));
        } catch (const HttpError& e) {
            refuse(e.status(), e.what(), now);
            return;
        }
        const auto after = parser_.progress();
        if (before == RequestParser::Progress::Idle && after != before) headStarted_ = now;
        if (after == RequestParser::Progress::ReadingBody && before != after) bodyStarted_ = now;
        if (after == RequestParser::Progress::ReadingBody && parser_.head().expectContinue)
            sendContinue();
        if (after == RequestParser::Progress::Complete) {
            requestReady_ = true;
            state_ = State::Dispatched;
        }
    }
    if (inputUsed_ == input_.size()) {
        input_.clear();
        inputUsed_ = 0;
    }
}

void Connection::sendContinue() {
    if (continueSent_) return;
    continueSent_ = true;
    // 25 bytes on a connection with nothing else unsent: the socket buffer takes them whole.
    if (::send(fd_, kContinue.data(), kContinue.size(), MSG_NOSIGNAL) !=
        static_cast<ssize_t>(kContinue.size())) {
        close();
    }
}

std::optional<ParsedRequest> Connection::takeRequest() {
    if (!requestReady_) return std::nullopt;
    requestReady_ = false;
    continueSent_ = false;
    return parser_.take();
}

void Connection::refuse(int status, const std::string& message, Clock::time_point now) {
    if (options_.answeredItself) options_.answeredItself(status);
    answer(errorAnswer(status, message), false, now);
}

void Connection::answer(std::string bytes, bool keepAlive, Clock::time_point now,
                        std::shared_ptr<Spool> rest) {
    if (state_ == State::Closed) return;
    output_ = std::move(bytes);
    outputSent_ = 0;
    rest_ = std::move(rest);
    restSent_ = 0;
    keepAliveAfterAnswer_ = keepAlive;
    state_ = State::Writing;
    stateSince_ = now;
    flush(now);
}

void Connection::onWritable(Clock::time_point now) {
    if (state_ == State::Writing) flush(now);
}

bool Connection::nextPieceOfRest(Clock::time_point now) {
    if (!rest_ || restSent_ >= rest_->size()) return false;
    output_.resize(kRestPiece);
    std::size_t got = 0;
    try {
        got = rest_->readAt(restSent_, output_.data(), output_.size());
    } catch (const std::system_error&) {
        got = 0;
    }
    if (got == 0) {
        // The file is not what it was: the body cannot be finished, so the client must not take
        // what it has for all of it.
        close();
        return false;
    }
    output_.resize(got);
    outputSent_ = 0;
    restSent_ += static_cast<std::int64_t>(got);
    stateSince_ = now;  // sendTimeout is for each piece of a long answer, not the whole
    return true;
}

void Connection::flush(Clock::time_point now) {
    while (true) {
        while (outputSent_ < output_.size()) {
            ssize_t sent = ::send(fd_, output_.data() + outputSent_, output_.size() - outputSent_,
                                  MSG_NOSIGNAL);
            if (sent < 0) {
                if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) return;
                close();
                return;
            }
            outputSent_ += static_cast<std::size_t>(sent);
        }
        if (!nextPieceOfRest(now)) break;
    }
    if (state_ == State::Closed) return;
    rest_.reset();
    output_.clear();
    outputSent_ = 0;
    ++answered_;
    if (!keepAliveAfterAnswer_) {
        linger(now);
        return;
    }
    state_ = State::Reading;
    idleSince_ = now;
    parse(now);  // a pipelined request may be waiting in the buffer already
}

// Closing a socket with unread bytes makes the kernel send a reset, which can destroy the answer
// before the client reads it; so stop sending, and read until the client closes (briefly).
void Connection::linger(Clock::time_point now) {
    ::shutdown(fd_, SHUT_WR);
    state_ = State::Lingering;
    stateSince_ = now;
    input_.clear();
    inputUsed_ = 0;
}

void Connection::sweep(Clock::time_point now) {
    using std::chrono::duration_cast;
    using std::chrono::milliseconds;
    switch (state_) {
        case State::Reading:
            switch (parser_.progress()) {
                case RequestParser::Progress::Idle: {
                    auto limit = answered_ > 0 ? options_.keepAliveTimeout : options_.headTimeout;
                    if (now - idleSince_ > limit) close();
                    break;
                }
                case RequestParser::Progress::ReadingHead:
                    if (now - headStarted_ > options_.headTimeout) {
                        refuse(408,
                               "The request head did not arrive within " +
                                   seconds(options_.headTimeout),
                               now);
                    }
                    break;
                case RequestParser::Progress::ReadingBody: {
                    auto late =
                        duration_cast<milliseconds>(now - bodyStarted_ - options_.headTimeout);
                    if (late.count() > 0 &&
                        parser_.bodyBytes() * 1000 <
                            options_.minBodyRate * static_cast<std::size_t>(late.count())) {
                        refuse(408,
                               "The request body arrived slower than " +
                                   std::to_string(options_.minBodyRate) + " bytes per second",
                               now);
                    }
                    break;
                }
                case RequestParser::Progress::Complete:
                    break;
            }
            break;
        case State::Writing:
            if (now - stateSince_ > options_.sendTimeout) close();
            break;
        case State::Lingering:
            if (now - stateSince_ > kLingerTime) close();
            break;
        case State::Dispatched:
        case State::Closed:
            break;
    }
}

}  // namespace lodestone::http
