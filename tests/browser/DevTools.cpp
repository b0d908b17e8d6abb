#include "DevTools.hpp"

#include <Poco/Buffer.h>
#include <Poco/JSON/Parser.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>

#include <sstream>
#include <stdexcept>

namespace lodestone::test {
namespace {

// Screenshots of long pages arrive as one message of several megabytes of base64.
constexpr int kMaxMessageBytes = 64 * 1024 * 1024;

}  // namespace

DevTools::DevTools(std::uint16_t port, const std::string& path) : http_("127.0.0.1", port) {
    Poco::Net::HTTPRequest request(Poco::Net::HTTPRequest::HTTP_GET, path,
                                   Poco::Net::HTTPMessage::HTTP_1_1);
    Poco::Net::HTTPResponse response;
    socket_ = std::make_unique<Poco::Net::WebSocket>(http_, request, response);
    socket_->setMaxPayloadSize(kMaxMessageBytes);
}

DevTools::~DevTools() {
    try {
        socket_->close();
    } catch (const Poco::Exception&) {
        // the browser may already have gone
    }
}

Poco::JSON::Object::Ptr DevTools::call(const std::string& method,
                                       const Poco::JSON::Object::Ptr& params,
                                       const std::string& session) {
    const int id = nextId_++;
    Poco::JSON::Object message;
    message.set("id", id);
    message.set("method", method);
    message.set("params", params ? params : Poco::JSON::Object::Ptr(new Poco::JSON::Object));
    if (!session.empty()) message.set("sessionId", session);
    std::ostringstream text;
    message.stringify(text);
    const std::string bytes = text.str();
    socket_->sendFrame(bytes.data(), static_cast<int>(bytes.size()),
                       Poco::Net::WebSocket::FRAME_TEXT);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (std::chrono::steady_clock::now() < deadline) {
        auto answer = receive(std::chrono::seconds(30));
        if (!answer) break;
        if (!answer->has("id")) {
            events_.push_back(answer);
            continue;
        }
        if (answer->getValue<int>("id") != id) continue;
        if (auto error = answer->getObject("error")) {
            throw std::runtime_error(method + ": " +
                                     error->optValue<std::string>("message", "error"));
        }
        auto result = answer->getObject("result");
        return result ? result : Poco::JSON::Object::Ptr(new Poco::JSON::Object);
    }
    throw std::runtime_error(method + ": no answer from the browser");
}

Poco::JSON::Object::Ptr DevTools::waitFor(const std::string& method, const std::string& session,
                                          std::chrono::milliseconds timeout) {
    const auto matches = [&](const Poco::JSON::Object::Ptr& event) {
        return event->optValue<std::string>("method", "") == method &&
               event->optValue<std::string>("sessionId", "") == session;
    };
    for (auto it = events_.begin(); it != events_.end(); ++it) {
        if (matches(*it)) {
            auto event = *it;
            events_.erase(it);
            return event;
        }
    }
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        auto message = receive(left);
        if (!message) break;
        if (message->has("id")) continue;  // an answer nobody waits for any more
        if (matches(message)) return message;
        events_.push_back(message);
    }
    throw std::runtime_error("no " + method + " event within " + std::to_string(timeout.count()) +
                             " ms");
}

std::vector<Poco::JSON::Object::Ptr> DevTools::takeEvents() {
    // Whatever has arrived but not been read yet belongs to the events too.
    while (auto message = receive(std::chrono::milliseconds(50))) {
        if (!message->has("id")) events_.push_back(message);
    }
    std::vector<Poco::JSON::Object::Ptr> taken(events_.begin(), events_.end());
    events_.clear();
    return taken;
}

Poco::JSON::Object::Ptr DevTools::receive(std::chrono::milliseconds timeout) {
    if (timeout.count() <= 0) timeout = std::chrono::milliseconds(1);
    socket_->setReceiveTimeout(Poco::Timespan(static_cast<long>(timeout.count()) * 1000));
    Poco::Buffer<char> buffer(0);
    int flags = 0;
    try {
        // A message may come in fragments: keep reading until the final one.
        do {
            const int received = socket_->receiveFrame(buffer, flags);
            if (received == 0 && flags == 0)
                throw std::runtime_error("the browser closed DevTools");
            const int opcode = flags & Poco::Net::WebSocket::FRAME_OP_BITMASK;
            if (opcode == Poco::Net::WebSocket::FRAME_OP_PING ||
                opcode == Poco::Net::WebSocket::FRAME_OP_PONG) {
                buffer.resize(0);
                flags = 0;
                continue;
            }
        } while ((flags & Poco::Net::WebSocket::FRAME_FLAG_FIN) == 0);
    } catch (const Poco::TimeoutException&) {
        return nullptr;
    }
    const std::string text(buffer.begin(), buffer.size());
    return Poco::JSON::Parser().parse(text).extract<Poco::JSON::Object::Ptr>();
}

}  // namespace lodestone::test
