#include "http/RequestParser.hpp"

#include <algorithm>

#include "http/HttpError.hpp"

namespace lodestone::http {

void RequestParser::checkHeadByte(char c) {
    const std::size_t at = headBytes_;
    if (!methodEnded_) {
        // Until the first space, every byte is part of the method: a token.
        if (c == ' ') methodEnded_ = true;
        const bool inMethod = !methodEnded_;
        if (inMethod && c != '\r' && c != '\n' && !isTokenChar(static_cast<unsigned char>(c))) {
            throw HttpError(400,
                            "This is not an HTTP/1.1 request (is a TLS client talking to a "
                            "plain-HTTP port?)");
        }
        if (inMethod && line_.size() >= limits_.head.maxMethodBytes) {
            throw HttpError(501, "Request methods longer than " +
                                     std::to_string(limits_.head.maxMethodBytes) +
                                     " characters are not implemented");
        }
    }
    if (!line_.empty() && line_.back() == '\r' && c != '\n') {
        throw HttpError(400, "A line of the request head has a bare CR (lines end with CRLF)");
    }
    if (c == '\n' && (line_.empty() || line_.back() != '\r')) {
        throw HttpError(400,
                        "A line of the request head ends with a bare LF (lines end with CRLF)");
    }
    if (at >= limits_.maxHeadBytes) {
        if (!requestLineSeen_) {
            throw HttpError(414, "The request line is longer than " +
                                     std::to_string(limits_.maxHeadBytes) + " bytes");
        }
        throw HttpError(431, "The request head is larger than " +
                                 std::to_string(limits_.maxHeadBytes) + " bytes");
    }
}

bool RequestParser::endLine() {
    const std::string_view line = std::string_view(line_).substr(0, line_.size() - 1);
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
    for (std::size_t at = 0; at < data.size(); ++at) {
        char c = data[at];
        checkHeadByte(c);
        ++headBytes_;
        if (progress_ == Progress::Idle) progress_ = Progress::ReadingHead;
        if (c != '\n') {
            line_.push_back(c);
            continue;
        }
        const bool headComplete = endLine();
        line_.clear();
        if (headComplete) {
            startBody();
            return at + 1;
        }
    }
    return data.size();
}

void RequestParser::startBody() {
    switch (head_->framing) {
        case BodyFraming::None:
            progress_ = Progress::Complete;
            return;
        case BodyFraming::Length:
            if (head_->contentLength > limits_.maxBodyBytes) {
                throw HttpError(413, "Request body is larger than " +
                                         std::to_string(limits_.maxBodyBytes) + " bytes");
            }
            body_.reserve(head_->contentLength);
            break;
        case BodyFraming::Chunked:
            chunked_.emplace(limits_.maxBodyBytes);
            break;
    }
    progress_ = Progress::ReadingBody;
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
        std::size_t take = std::min(head_->contentLength - body_.size(), data.size());
        body_.append(data.substr(0, take));
        used += take;
        if (body_.size() == head_->contentLength) progress_ = Progress::Complete;
    }
    return used;
}

ParsedRequest RequestParser::take() {
    ParsedRequest request{std::move(*head_), std::move(body_)};
    head_.reset();
    body_.clear();
    chunked_.reset();
    headBytes_ = 0;
    line_.clear();
    requestLineSeen_ = false;
    methodEnded_ = false;
    progress_ = Progress::Idle;
    return request;
}

}  // namespace lodestone::http
