#include "http/ChunkedBody.hpp"

#include <algorithm>

#include "http/HttpError.hpp"

namespace lodestone::http {
namespace {

constexpr std::size_t kMaxSizeDigits = 15;  // 2^60: far past any body limit, never overflows

int hexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

HttpError framingError(const std::string& what) {
    return HttpError(400, "Invalid chunked body: " + what);
}

}  // namespace

void ChunkedBody::readSizeDigit(char c) {
    if (c == '\r' && sizeDigits_ > 0) {
        state_ = State::SizeLf;
        return;
    }
    if (c == ';') throw framingError("chunk extensions are not accepted");
    int digit = hexValue(c);
    if (digit < 0) throw framingError("a chunk size must be hexadecimal digits ended by CRLF");
    if (++sizeDigits_ > kMaxSizeDigits) throw framingError("a chunk size has too many digits");
    chunkLeft_ = chunkLeft_ * 16 + static_cast<std::size_t>(digit);
}

std::size_t ChunkedBody::feed(std::string_view data, std::string& body) {
    std::size_t at = 0;
    while (at < data.size() && state_ != State::Done) {
        char c = data[at];
        switch (state_) {
            case State::Size:
                readSizeDigit(c);
                ++at;
                break;
            case State::SizeLf:
                if (c != '\n') throw framingError("a chunk size line must end with CRLF");
                ++at;
                if (chunkLeft_ > maxBytes_ - received_) {
                    throw HttpError(
                        413, "Request body is larger than " + std::to_string(maxBytes_) + " bytes");
                }
                state_ = chunkLeft_ == 0 ? State::LastCr : State::Data;
                break;
            case State::Data: {
                std::size_t take = std::min(chunkLeft_, data.size() - at);
                body.append(data.substr(at, take));
                at += take;
                received_ += take;
                chunkLeft_ -= take;
                if (chunkLeft_ == 0) state_ = State::DataCr;
                break;
            }
            case State::DataCr:
                if (c != '\r') throw framingError("chunk data must be followed by CRLF");
                ++at;
                state_ = State::DataLf;
                break;
            case State::DataLf:
                if (c != '\n') throw framingError("chunk data must be followed by CRLF");
                ++at;
                sizeDigits_ = 0;
                state_ = State::Size;
                break;
            case State::LastCr:
                if (c != '\r') throw framingError("trailer fields are not accepted");
                ++at;
                state_ = State::LastLf;
                break;
            case State::LastLf:
                if (c != '\n') throw framingError("the last chunk must be followed by CRLF");
                ++at;
                state_ = State::Done;
                break;
            case State::Done:
                break;
        }
    }
    return at;
}

}  // namespace lodestone::http
