#pragma once

#include <Poco/Net/SocketAddress.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "http/FrontOptions.hpp"
#include "http/RequestParser.hpp"
#include "http/Spool.hpp"

namespace lodestone::http {

// The front's timers (head timeout, body rate, lingering, the drain) and the access log's
// durations count real time: the event loop waits in epoll on real sockets, not on a domain::Clock.
using Clock = std::chrono::steady_clock;

// One client connection, owned by the front's event loop thread: it reads request bytes as they
// arrive, holds at most one request at a worker at a time (pipelined requests wait in its buffer,
// so answers go out in order), writes answers without blocking and enforces the time limits.
class Connection {
  public:
    enum class State {
        Reading,     // between requests or inside one
        Dispatched,  // a complete request is at a worker
        Writing,     // an answer is going out
        Lingering,   // answered with Connection: close; draining what the client still sends
        Closed,
    };

    Connection(int fd, const Poco::Net::SocketAddress& client, const FrontOptions& options,
               Clock::time_point now);
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    int fd() const { return fd_; }
    const Poco::Net::SocketAddress& client() const { return client_; }
    State state() const { return state_; }
    bool wantsRead() const { return state_ == State::Reading || state_ == State::Lingering; }
    bool wantsWrite() const { return state_ == State::Writing; }

    void onReadable(Clock::time_point now);
    void onWritable(Clock::time_point now);

    // The complete request read, if any; the connection then waits for its answer.
    std::optional<ParsedRequest> takeRequest();

    // Sends `bytes` (a whole answer, or its head with `rest` the body kept in a file, sent a
    // piece at a time); afterwards reads the next request, or closes.
    void answer(std::string bytes, bool keepAlive, Clock::time_point now,
                std::shared_ptr<Spool> rest = {});

    // Applies the time limits: times out a slow head or body with 408, drops an idle or stuck
    // connection.
    void sweep(Clock::time_point now);

    void close();

  private:
    void parse(Clock::time_point now);
    void refuse(int status, const std::string& message, Clock::time_point now);
    void flush(Clock::time_point now);
    // Loads the next piece of a spooled body into output_; false when there is none (or the
    // connection closed because it could not be read).
    bool nextPieceOfRest(Clock::time_point now);
    void linger(Clock::time_point now);
    void sendContinue();

    int fd_;
    Poco::Net::SocketAddress client_;
    const FrontOptions& options_;
    RequestParser parser_;
    State state_ = State::Reading;
    std::string input_;
    std::size_t inputUsed_ = 0;
    std::string output_;
    std::size_t outputSent_ = 0;
    std::shared_ptr<Spool> rest_;
    std::int64_t restSent_ = 0;  // of rest_, taken into output_
    bool keepAliveAfterAnswer_ = false;
    bool requestReady_ = false;
    bool continueSent_ = false;
    int answered_ = 0;
    std::size_t lingered_ = 0;
    Clock::time_point idleSince_;
    Clock::time_point headStarted_;
    Clock::time_point bodyStarted_;
    Clock::time_point stateSince_;  // writing or lingering since
};

}  // namespace lodestone::http
