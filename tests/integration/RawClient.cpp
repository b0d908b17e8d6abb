#include "RawClient.hpp"

#include <Poco/Net/NetException.h>
#include <Poco/Net/SocketAddress.h>
#include <Poco/NumberParser.h>
#include <Poco/String.h>

namespace lodestone::test {

RawClient::RawClient(std::uint16_t port) : socket_(Poco::Net::SocketAddress("127.0.0.1", port)) {}

void RawClient::send(const std::string& bytes) {
    socket_.sendBytes(bytes.data(), static_cast<int>(bytes.size()));
}

bool RawClient::fill(std::chrono::steady_clock::time_point deadline) {
    char chunk[4096];
    while (!closed_ && std::chrono::steady_clock::now() < deadline) {
        socket_.setReceiveTimeout(Poco::Timespan(0, 50'000));
        try {
            int got = socket_.receiveBytes(chunk, sizeof(chunk));
            if (got <= 0) {
                closed_ = true;
                return false;
            }
            buffer_.append(chunk, static_cast<std::size_t>(got));
            return true;
        } catch (const Poco::TimeoutException&) {
        } catch (const Poco::Net::NetException&) {
            closed_ = true;  // reset
        }
    }
    return false;
}

std::optional<WireAnswer> RawClient::nextAnswer(std::chrono::milliseconds timeout) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    std::size_t headEnd;
    while ((headEnd = buffer_.find("\r\n\r\n")) == std::string::npos) {
        if (!fill(deadline)) return std::nullopt;
    }
    WireAnswer answer;
    answer.head = buffer_.substr(0, headEnd + 2);
    answer.status = Poco::NumberParser::parse(answer.head.substr(9, 3));
    std::size_t length = 0;
    auto at = Poco::toLower(answer.head).find("\r\ncontent-length:");
    if (at != std::string::npos && answer.status >= 200) {
        length = Poco::NumberParser::parseUnsigned64(
            Poco::trim(answer.head.substr(at + 17, answer.head.find("\r\n", at + 2) - at - 17)));
    }
    while (buffer_.size() < headEnd + 4 + length) {
        if (!fill(deadline)) return std::nullopt;
    }
    answer.body = buffer_.substr(headEnd + 4, length);
    buffer_.erase(0, headEnd + 4 + length);
    return answer;
}

bool RawClient::closedWithin(std::chrono::milliseconds timeout) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!closed_ && std::chrono::steady_clock::now() < deadline) fill(deadline);
    return closed_;
}

bool RawClient::heardWithin(std::chrono::milliseconds wait) {
    if (!buffer_.empty() || closed_) return true;
    fill(std::chrono::steady_clock::now() + wait);
    return !buffer_.empty() || closed_;
}

}  // namespace lodestone::test
