// A client of Chromium's DevTools protocol over its WebSocket (Poco's client): commands with
// their answers, and the events that arrive meanwhile, kept for the test to read.
#pragma once

#include <Poco/JSON/Object.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/WebSocket.h>

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace lodestone::test {

class DevTools {
  public:
    // Connects to ws://127.0.0.1:<port><path>, the browser's endpoint.
    DevTools(std::uint16_t port, const std::string& path);
    ~DevTools();

    // Sends `method` with `params` (to the target attached as `session`, or the browser) and
    // returns its `result`; throws std::runtime_error with the protocol's error message.
    Poco::JSON::Object::Ptr call(const std::string& method,
                                 const Poco::JSON::Object::Ptr& params = nullptr,
                                 const std::string& session = "");

    // The next event of `method` for `session` not taken yet, waiting up to `timeout` for it;
    // throws when it does not come.
    Poco::JSON::Object::Ptr waitFor(const std::string& method, const std::string& session,
                                    std::chrono::milliseconds timeout);

    // Every event received so far, taken: {method, params, sessionId}.
    std::vector<Poco::JSON::Object::Ptr> takeEvents();

  private:
    // The next message, waiting up to `timeout`; null when none came.
    Poco::JSON::Object::Ptr receive(std::chrono::milliseconds timeout);

    Poco::Net::HTTPClientSession http_;
    std::unique_ptr<Poco::Net::WebSocket> socket_;
    int nextId_ = 1;
    std::deque<Poco::JSON::Object::Ptr> events_;
};

}  // namespace lodestone::test
