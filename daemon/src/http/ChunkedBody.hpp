#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace lodestone::http {

// Decodes a chunked request body (RFC 9112 section 7.1) as its bytes arrive, strictly: chunk
// sizes in hex ended by CRLF, data followed by CRLF, a last chunk of size 0 and an empty line.
// Chunk extensions and trailer fields are refused rather than skipped: no client we serve sends
// them, and skipping them is where parsers have disagreed about where a request ends.
class ChunkedBody {
  public:
    explicit ChunkedBody(std::size_t maxBytes) : maxBytes_(maxBytes) {}

    // Appends decoded data to `body`; returns how many bytes of `data` were consumed (fewer than
    // given only once the body is complete). Throws HttpError (400, or 413 past maxBytes).
    std::size_t feed(std::string_view data, std::string& body);
    bool complete() const { return state_ == State::Done; }

  private:
    enum class State { Size, SizeLf, Data, DataCr, DataLf, LastCr, LastLf, Done };

    void readSizeDigit(char c);

    std::size_t maxBytes_;
    std::size_t received_ = 0;
    State state_ = State::Size;
    std::size_t sizeDigits_ = 0;
    std::size_t chunkLeft_ = 0;
};

}  // namespace lodestone::http
