#pragma once

#include <Poco/Net/HTTPServer.h>
#include <Poco/ThreadPool.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace lodestone::test {

// A customer's webhook endpoint, started by a test on 127.0.0.1: it records every request and
// answers as scripted (a status, optionally after a delay), then 200 once the script runs out.
class WebhookReceiver {
  public:
    struct Request {
        std::string method;
        std::string uri;
        std::map<std::string, std::string> headers;  // names lowercased
        std::string body;
        std::int64_t receivedAtMs = 0;  // epoch
    };
    struct Answer {
        int status = 200;
        std::chrono::milliseconds delay{0};
    };

    WebhookReceiver();
    ~WebhookReceiver();
    WebhookReceiver(const WebhookReceiver&) = delete;
    WebhookReceiver& operator=(const WebhookReceiver&) = delete;

    std::uint16_t port() const;
    std::string url(const std::string& path = "/hooks/lodestone") const;

    void script(std::vector<Answer> answers);
    // What to answer once the script is used up (200 unless set).
    void answerAfterScript(Answer answer);
    // The Location header of every 3xx answer, whatever the path asked for (none unless set).
    void redirectTo(std::string location);
    std::string redirectLocation() const;

    std::vector<Request> requests() const;
    // Waits until at least `count` requests arrived; false on timeout.
    bool waitForRequests(std::size_t count,
                         std::chrono::milliseconds timeout = std::chrono::seconds(30)) const;

    // Called by the request handler.
    Answer record(Request request);
    // Waits out an answer's delay, cut short when the receiver shuts down.
    void delay(std::chrono::milliseconds delay) const;

  private:
    mutable std::mutex mutex_;
    mutable std::condition_variable arrived_;
    std::vector<Request> requests_;
    std::deque<Answer> script_;
    Answer afterScript_;
    std::string location_;
    bool stopping_ = false;
    // The server's own threads, joined on destruction: a handler still answering when the test
    // ends must not outlive the objects it uses.
    Poco::ThreadPool threads_{2, 16};
    std::unique_ptr<Poco::Net::HTTPServer> server_;
};

// Standard Webhooks verification with OpenSSL, independent of the daemon's own code: true when
// one of the space-separated "v1,<base64>" signatures is the HMAC-SHA256 of "id.timestamp.body"
// under the base64-decoded part of `secret` ("whsec_...").
bool verifiedWithOpenSsl(const std::string& secret, const std::string& id,
                         const std::string& timestamp, const std::string& body,
                         const std::string& signatureHeader);

}  // namespace lodestone::test
