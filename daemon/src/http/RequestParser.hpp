#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "http/ChunkedBody.hpp"
#include "http/RequestHead.hpp"
#include "http/Spool.hpp"

namespace lodestone::http {

struct ParsedRequest {
    RequestHead head;
    std::string body;  // de-chunked
    // Set instead of `body` for a request allowed a large body (ParserLimits::largeBody).
    std::shared_ptr<Spool> spooledBody = {};
};

// A request allowed a body past maxBodyBytes (a file upload): the most it may be, and the
// setting that says so, which a 413 names.
struct LargeBody {
    std::size_t maxBytes = 0;
    std::string setting;
};

struct ParserLimits {
    HeadLimits head;
    std::size_t maxHeadBytes = 16 * 1024;
    std::size_t maxBodyBytes = 1024 * 1024;
    // Which requests may send a large body: theirs is kept in a temporary file as it arrives
    // (never whole in memory), up to its own limit. Unset: none.
    std::function<std::optional<LargeBody>(const RequestHead& head)> largeBody = {};
};

// Reads one request after another from a connection's bytes as they arrive. Bytes that cannot
// start an HTTP request (a TLS handshake on the plain port, say) are refused at the first byte,
// a bare LF at the line it ends, and each line of the head (the request line, every field) as
// soon as its CRLF arrives, so a client that is not speaking HTTP/1.x is answered at once
// instead of holding the connection until a timeout.
class RequestParser {
  public:
    enum class Progress {
        Idle,  // no byte of a request yet
        ReadingHead,
        ReadingBody,  // head() is available (answer 100 Continue if it asks)
        Complete,     // take() the request
    };

    explicit RequestParser(const ParserLimits& limits) : limits_(limits) {}

    // Consumes bytes of `data` and returns how many. Stops after the end of a request, so the
    // rest (a pipelined request) is fed again after take(). Throws HttpError.
    std::size_t feed(std::string_view data);

    Progress progress() const { return progress_; }
    const RequestHead& head() const { return *head_; }
    std::size_t bodyBytes() const { return spooled_ + body_.size(); }

    // The complete request; the parser then waits for the next one.
    ParsedRequest take();

  private:
    std::size_t feedHead(std::string_view data);
    // `lineLength` bytes of the current line came before `c`, the last of them `last`.
    void checkHeadByte(char c, std::size_t lineLength, char last);
    // How many bytes of `data` (taken where the request line's method has ended and the line
    // does not end with a CR) go into the current line before its CR or LF, all of them
    // accepted; throws HttpError when they cross the head's size limit.
    std::size_t lineRun(std::string_view data) const;
    [[noreturn]] void refuseHeadSize() const;
    bool endLine(std::string_view line);  // `line` without its CRLF; true once the head is complete
    void startBody();
    // Moves what body_ holds to the spool, once there is enough to be worth a write (or at the
    // end of the body).
    void spill(bool atEnd);

    const ParserLimits& limits_;
    Progress progress_ = Progress::Idle;
    std::size_t headBytes_ = 0;  // of the head so far, empty lines before it included
    std::string line_;  // the current line's bytes from earlier feeds, with its CR once it came
    bool requestLineSeen_ = false;
    bool methodEnded_ = false;
    std::optional<RequestHead> head_;  // filled line by line while the head arrives
    std::string body_;
    std::optional<ChunkedBody> chunked_;
    std::shared_ptr<Spool> spool_;
    std::size_t spooled_ = 0;
};

}  // namespace lodestone::http
