#pragma once

#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/SocketAddress.h>

#include <sstream>
#include <string>

#include "http/RequestParser.hpp"

namespace lodestone::http {

// A response the handler writes into memory; the front sends its bytes once the handler is done,
// so a slow reader never holds the worker that produced the answer.
class BufferedResponse final : public Poco::Net::HTTPServerResponse {
  public:
    BufferedResponse() { setVersion(HTTP_1_1); }
    void sendContinue() override {}  // the front answers Expect: 100-continue itself
    std::ostream& send() override;
    void sendFile(const std::string& path, const std::string& mediaType) override;
    void sendBuffer(const void* buffer, std::size_t length) override;
    void redirect(const std::string& uri, HTTPStatus status = HTTP_FOUND) override;
    void requireAuthentication(const std::string& realm) override;
    bool sent() const override { return sent_; }

    // Status line, fields and (unless `headRequest`) body, framed by Content-Length.
    std::string serialize(bool headRequest);

  private:
    bool sent_ = false;
    std::ostringstream body_;
};

// A request whose head and whole body the front has already read. Handlers see it as Poco's
// HTTPServerRequest: the body as a stream, framed by Content-Length (a chunked body arrives
// de-chunked).
class BufferedRequest final : public Poco::Net::HTTPServerRequest {
  public:
    BufferedRequest(ParsedRequest request, BufferedResponse& response,
                    const Poco::Net::SocketAddress& client, const Poco::Net::SocketAddress& server,
                    const Poco::Net::HTTPServerParams& params);

    std::istream& stream() override { return body_; }
    const Poco::Net::SocketAddress& clientAddress() const override { return client_; }
    const Poco::Net::SocketAddress& serverAddress() const override { return server_; }
    const Poco::Net::HTTPServerParams& serverParams() const override { return params_; }
    Poco::Net::HTTPServerResponse& response() const override { return response_; }
    bool secure() const override { return false; }

  private:
    std::istringstream body_;
    BufferedResponse& response_;
    Poco::Net::SocketAddress client_;
    Poco::Net::SocketAddress server_;
    const Poco::Net::HTTPServerParams& params_;
};

}  // namespace lodestone::http
