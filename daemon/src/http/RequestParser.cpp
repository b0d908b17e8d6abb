#include "http/RequestParser.hpp"

#include <algorithm>
#include <cstring>
#include <system_error>

#include "http/HttpError.hpp"

namespace lodestone::http {

void RequestParser::checkHeadByte(char c, std::size_t lineLength, char last) {
    if (!methodEnded_) {
        // Until the first space, every byte is part of the method: a token.
        if (c == ' ') methodEnded_ = true;
        const bool inMethod = !methodEnded_;
        if (inMethod && c != '\r' && c != '\n' && !isTokenChar(static_cast<unsigned char>(c))) {
            throw HttpError(400,
                            "This is not an HTTP/1.1 request (is a TLS client talking to a "
                            "plain-HTTP port?)");
        }
        if (inMethod && lineLength >= limits_.head.maxMethodBytes) {
            throw HttpError(501, "Request methods longer than " +
                                     std::to_string(limits_.head.maxMethodBytes) +
                                     " characters are not implemented");
        }
    }
    if (lineLength > 0 && last == '\r' && c != '\n') {
        throw HttpError(400, "A line of the request head has a bare CR (lines end with CRLF)");
    }
    if (c == '\n' && (lineLength == 0 || last != '\r')) {
        throw HttpError(400,
                        "A line of the request head ends with a bare LF (lines end with CRLF)");
    }
    if (headBytes_ >= limits_.maxHeadBytes) refuseHeadSize();
}

void RequestParser::refuseHeadSize() const {
    if (!requestLineSeen_) {
        throw HttpError(414, "The request line is longer than " +
                                 std::to_string(limits_.maxHeadBytes) + " bytes");
    }
    throw HttpError(
        431, "The request head is larger than " + std::to_string(limits_.maxHeadBytes) + " bytes");
}

std::size_t RequestParser::lineRun(std::string_view data) const {
    // One byte past what the limit allows is enough to know the limit is crossed, however long
    // the line goes on.
    const std::size_t window = std::min(data.size(), limits_.maxHeadBytes - headBytes_ + 1);
    const char* begin = data.data();
    std::size_t run = window;
    if (const void* cr = std::memchr(begin, '\r', run)) run = static_cast<const char*>(cr) - begin;
    if (const void* lf = std::memchr(begin, '\n', run)) run = static_cast<const char*>(lf) - begin;
    if (headBytes_ + run > limits_.maxHeadBytes) refuseHeadSize();
    return run;
}

bool RequestParser::endLine(std::string_view line) {
    if (!requestLineSeen_) {
        // Empty lines before the request line are allowed (RFC 9112 section 2.2).
        if (line.empty()) return false;
        requestLineSeen_ = methodEnded_ = true;
        head_.emplace();
        readRequestLine(line, *head_, limits_.head);
        return false;
    }
    if (line.empty()) {
        finishRequestHead(*head_);
        return true;
    }
    readFieldLine(line, *head_, limits_.head);
    return false;
}

std::size_t RequestParser::feedHead(std::string_view data) {
    // The current line is what line_ kept of it from earlier feeds and then data[lineStart, at):
    // a line that arrives whole is read where it is, never copied.
    std::size_t lineStart = 0;
    std::size_t at = 0;
    while (at < data.size()) {
        const std::size_t lineLength = line_.size() + (at - lineStart);
        const char last = at > lineStart ? data[at - 1] : line_.empty() ? '\0' : line_.back();
        const char c = data[at];
        // Past the method, only a CR or LF can be wrong, and only the size limit can refuse the
        // bytes between them: those go by as a run.
        if (methodEnded_ && last != '\r' && c != '\r' && c != '\n') {
            const std::size_t run = lineRun(data.substr(at));
            headBytes_ += run;
            at += run;
            continue;
        }
        checkHeadByte(c, lineLength, last);
        ++headBytes_;
        ++at;
        if (progress_ == Progress::Idle) progress_ = Progress::ReadingHead;
        if (c != '\n') continue;
        // The line without its LF ends with the CR checkHeadByte required.
        std::string_view line = data.substr(lineStart, at - 1 - lineStart);
        if (!line_.empty()) line = line_.append(line);
        const bool headComplete = endLine(line.substr(0, line.size() - 1));
        line_.clear();
        lineStart = at;
        if (headComplete) {
            startBody();
            return at;
        }
    }
    line_.append(data.substr(lineStart));
    return data.size();
}

void RequestParser::startBody() {
    if (head_->framing == BodyFraming::None) {
        progress_ = Progress::Complete;
        return;
    }
    std::optional<LargeBody> large;
    if (limits_.largeBody) large = limits_.largeBody(*head_);
    const std::size_t limit = large ? large->maxBytes : limits_.maxBodyBytes;
    if (head_->framing == BodyFraming::Length && head_->contentLength > limit) {
        throw HttpError(413, "Request body is larger than " + std::to_string(limit) + " bytes" +
                                 (large ? " (" + large->setting + ")" : std::string()));
    }
    if (large) {
        try {
            spool_ = std::make_shared<Spool>();
        } catch (const std::system_error& e) {
            throw HttpError(503, std::string("The body cannot be kept now: ") + e.what());
        }
    } else if (head_->framing == BodyFraming::Length) {
        body_.reserve(head_->contentLength);
    }
    if (head_->framing == BodyFraming::Chunked) chunked_.emplace(limit);
    progress_ = Progress::ReadingBody;
}

void RequestParser::spill(bool atEnd) {
    constexpr std::size_t kSpillBytes = 256 * 1024;
    if (!spool_ || (!atEnd && body_.size() < kSpillBytes)) return;
    try {
        spool_->append(body_);
    } catch (const std::system_error& e) {
        throw HttpError(503, std::string("The body cannot be kept now: ") + e.what());
    }
    spooled_ += body_.size();
    body_.clear();
}

std::size_t RequestParser::feed(std::string_view data) {
    std::size_t used = 0;
    if (progress_ == Progress::Idle || progress_ == Progress::ReadingHead) used = feedHead(data);
    if (progress_ != Progress::ReadingBody) return used;
    data.remove_prefix(used);
    if (chunked_) {
        used += chunked_->feed(data, body_);
        if (chunked_->complete()) progress_ = Progress::Complete;
    } else {
        std::size_t take = std::min(head_->contentLength - bodyBytes(), data.size());
        body_.append(data.substr(0, take));
        used += take;
        if (bodyBytes() == head_->contentLength) progress_ = Progress::Complete;
    }
    spill(progress_ == Progress::Complete);
    return used;
}

ParsedRequest RequestParser::take() {
    ParsedRequest request{std::move(*head_), std::move(body_), std::move(spool_)};
    head_.reset();
    body_.clear();
    chunked_.reset();
    spool_.reset();
    spooled_ = 0;
    headBytes_ = 0;
    line_.clear();
    requestLineSeen_ = false;
    methodEnded_ = false;
    progress_ = Progress::Idle;
    return request;
}

}  // namespace lodestone::http
