#include "outbound/Exchange.hpp"

#include <Poco/Exception.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/SSLException.h>
#include <Poco/Net/SecureStreamSocket.h>
#include <Poco/String.h>

#include <algorithm>
#include <istream>
#include <ostream>

#include "outbound/ExchangeWatchdog.hpp"
#include "outbound/TlsContext.hpp"

namespace lodestone::outbound {
namespace {

enum class Phase { Handshake, Sending, Waiting, Reading };

std::string describeActivity(Phase phase, const RequestTarget& target) {
    switch (phase) {
        case Phase::Handshake:
            return "performing the TLS handshake with " + target.authority;
        case Phase::Sending:
            return "sending the request to " + target.authority;
        case Phase::Waiting:
            return "waiting for the response from " + target.authority;
        case Phase::Reading:
            return "reading the response body from " + target.authority;
    }
    return "talking to " + target.authority;
}

std::string reason(const Poco::Exception& e) {
    return e.message().empty() ? e.displayText() : e.message();
}

// Poco's exceptions as the operator should read them.
OutboundError translate(const Poco::Exception& e, Phase phase, const RequestTarget& target,
                        const Deadline& deadline) {
    using Kind = OutboundError::Kind;
    // Socket timeouts are set to the time left, so one firing means the deadline is (about) up.
    if (dynamic_cast<const Poco::TimeoutException*>(&e)) {
        return deadline.expired(describeActivity(phase, target));
    }
    // Whatever ends a handshake early (a reset, a plain-HTTP answer) is a TLS failure to the
    // operator: the server does not speak TLS there, or not acceptably.
    if (phase == Phase::Handshake) {
        return OutboundError(Kind::Tls,
                             "TLS handshake with " + target.authority + " failed: " + reason(e));
    }
    if (dynamic_cast<const Poco::Net::SSLException*>(&e)) {
        return OutboundError(Kind::Tls,
                             "TLS error " + describeActivity(phase, target) + ": " + reason(e));
    }
    if (dynamic_cast<const Poco::Net::NoMessageException*>(&e)) {
        return OutboundError(Kind::Io,
                             target.authority + " closed the connection without responding");
    }
    if (dynamic_cast<const Poco::Net::MessageException*>(&e)) {
        return OutboundError(
            Kind::Io, "the response from " + target.authority + " is not valid HTTP: " + reason(e));
    }
    return OutboundError(Kind::Io, "error " + describeActivity(phase, target) + ": " + reason(e));
}

// Poco's streams swallow the exceptions of the session beneath them and only set badbit.
[[noreturn]] void rethrowStreamFailure(const Poco::Net::HTTPClientSession& session,
                                       const std::string& whatBroke) {
    if (const Poco::Exception* cause = session.networkException()) cause->rethrow();
    throw Poco::IOException(whatBroke);
}

Poco::Net::HTTPRequest toHttpRequest(const OutboundRequest& request, const RequestTarget& target,
                                     const OutboundPolicy& policy) {
    Poco::Net::HTTPRequest http(request.method, target.pathAndQuery,
                                Poco::Net::HTTPMessage::HTTP_1_1);
    http.setHost(target.hostHeader);
    bool ownUserAgent = false;
    for (const auto& [name, value] : request.headers) {
        http.add(name, value);
        ownUserAgent = ownUserAgent || Poco::icompare(name, "User-Agent") == 0;
    }
    if (!ownUserAgent && !policy.userAgent.empty()) http.set("User-Agent", policy.userAgent);
    const bool sendsBody = !request.body.empty() || request.method == "POST" ||
                           request.method == "PUT" || request.method == "PATCH";
    if (sendsBody) http.setContentLength64(static_cast<Poco::Int64>(request.body.size()));
    http.setKeepAlive(false);  // Connection: close; one request per connection
    return http;
}

// One request and its response on a connected socket, step by step, keeping track of the
// step it is in for messages.
class Conversation {
  public:
    Conversation(const Poco::Net::StreamSocket& socket, const RequestTarget& target,
                 const OutboundRequest& request, const OutboundPolicy& policy,
                 const Deadline& deadline)
        : socket_(socket),
          target_(target),
          request_(request),
          policy_(policy),
          deadline_(deadline) {}

    std::string activity() const { return describeActivity(phase_, target_); }
    Phase phase() const { return phase_; }

    OutboundResponse run() {
        Poco::Net::StreamSocket stream = socket_;
        if (target_.tls) {
            enter(Phase::Handshake);
            // The URL's host name goes out as SNI and is what the certificate must match.
            stream =
                Poco::Net::SecureStreamSocket::attach(socket_, target_.host, clientTlsContext());
        }

        Poco::Net::HTTPClientSession session(stream);
        // The session's own keep-alive, not the request's: without it Poco drops the connection
        // handed to it and opens a new one by host name, which is what must never happen.
        session.setKeepAlive(true);
        session.setProxyConfig({});
        Poco::Net::HTTPRequest http = toHttpRequest(request_, target_, policy_);
        enter(Phase::Sending);
        std::ostream& out = session.sendRequest(http);
        out.write(request_.body.data(), static_cast<std::streamsize>(request_.body.size()));
        if (!out) rethrowStreamFailure(session, "the request could not be sent");

        enter(Phase::Waiting);
        Poco::Net::HTTPResponse httpResponse;
        std::istream& in = session.receiveResponse(httpResponse);

        phase_ = Phase::Reading;
        OutboundResponse response;
        response.status = static_cast<int>(httpResponse.getStatus());
        for (const auto& [name, value] : httpResponse) response.headers.emplace_back(name, value);
        readBody(in, session, httpResponse, response);
        return response;
    }

  private:
    // Gives up if the deadline has passed, else lets the socket wait out what is left of it.
    void enter(Phase phase) {
        phase_ = phase;
        deadline_.check(activity());
        Poco::Net::StreamSocket socket = socket_;
        socket.setReceiveTimeout(deadline_.socketTimeout());
        socket.setSendTimeout(deadline_.socketTimeout());
    }

    // HEAD, 1xx, 204 and 304 responses have no body, whatever Content-Length says.
    bool hasBody(const Poco::Net::HTTPResponse& http) const {
        const int status = static_cast<int>(http.getStatus());
        return request_.method != Poco::Net::HTTPRequest::HTTP_HEAD && status >= 200 &&
               status != 204 && status != 304;
    }

    // Reads at most the policy's cap, one socket read at a time with the deadline checked in
    // between, and stops as soon as the body proves longer (the connection is closed after).
    void readBody(std::istream& in, const Poco::Net::HTTPClientSession& session,
                  const Poco::Net::HTTPResponse& http, OutboundResponse& response) {
        const std::size_t cap = policy_.maxResponseBytes;
        const bool lengthKnown = hasBody(http) && http.hasContentLength();
        const auto length = static_cast<std::uint64_t>(http.getContentLength64());
        std::string& body = response.body;
        char chunk[16 * 1024];
        while (true) {
            if (body.size() == cap && lengthKnown && length > cap) {
                response.truncated = true;
                break;
            }
            enter(Phase::Reading);
            // get() reads from the connection only when nothing is buffered; readsome() never.
            const int first = in.get();
            if (first == std::char_traits<char>::eof()) break;
            if (body.size() == cap) {
                response.truncated = true;
                break;
            }
            body.push_back(static_cast<char>(first));
            const std::size_t room = std::min(sizeof chunk, cap - body.size());
            body.append(chunk, static_cast<std::size_t>(
                                   in.readsome(chunk, static_cast<std::streamsize>(room))));
        }
        if (in.bad()) rethrowStreamFailure(session, "the response body is malformed");
        if (!response.truncated && lengthKnown && body.size() < length) {
            throw Poco::IOException("the connection closed after " + std::to_string(body.size()) +
                                    " of " + std::to_string(length) + " body bytes");
        }
    }

    const Poco::Net::StreamSocket& socket_;
    const RequestTarget& target_;
    const OutboundRequest& request_;
    const OutboundPolicy& policy_;
    const Deadline& deadline_;
    Phase phase_ = Phase::Sending;
};

}  // namespace

OutboundResponse exchange(const Poco::Net::StreamSocket& socket, const RequestTarget& target,
                          const OutboundRequest& request, const OutboundPolicy& policy,
                          const Deadline& deadline) {
    ExchangeWatchdog watchdog(socket, deadline);
    Conversation conversation(socket, target, request, policy, deadline);
    try {
        OutboundResponse response = conversation.run();
        // A cut-off connection looks like one the server closed: the body may be short.
        if (watchdog.stop() || deadline.passed()) throw deadline.expired(conversation.activity());
        return response;
    } catch (const OutboundError& e) {
        if (watchdog.stop() && e.kind() != OutboundError::Kind::Timeout) {
            throw deadline.expired(conversation.activity());
        }
        throw;
    } catch (const Poco::Exception& e) {
        if (watchdog.stop() || deadline.passed()) throw deadline.expired(conversation.activity());
        throw translate(e, conversation.phase(), target, deadline);
    }
}

}  // namespace lodestone::outbound
