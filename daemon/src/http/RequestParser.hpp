#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "http/ChunkedBody.hpp"
#include "http/RequestHead.hpp"

namespace lodestone::http {

struct ParsedRequest {
    RequestHead head;
    std::string body;  // de-chunked
};

struct ParserLimits {
    HeadLimits head;
    std::size_t maxHeadBytes = 16 * 1024;
    std::size_t maxBodyBytes = 1024 * 1024;
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
    std::size_t bodyBytes() const { return body_.size(); }

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

    const ParserLimits& limits_;
    Progress progress_ = Progress::Idle;
    std::size_t headBytes_ = 0;  // of the head so far, empty lines before it included
    std::string line_;  // the current line's bytes from earlier feeds, with its CR once it came
    bool requestLineSeen_ = false;
    bool methodEnded_ = false;
    std::optional<RequestHead> head_;  // filled line by line while the head arrives
    std::string body_;
    std::optional<ChunkedBody> chunked_;
};

}  // namespace lodestone::http
