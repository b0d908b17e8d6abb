#pragma once

#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/SocketAddress.h>

#include <memory>
#include <optional>
#include <sstream>
#include <streambuf>
#include <string>

#include "http/RequestParser.hpp"
#include "http/Spool.hpp"

namespace lodestone::http {

// A response the handler writes into memory; the front sends its bytes once the handler is done,
// so a slow reader never holds the worker that produced the answer. A body past kSpoolAbove
// (a CSV export) moves to a temporary file as it is written, and is sent from there.
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

    // Status line, fields and (unless `headRequest`) body, framed by Content-Length. A spooled
    // body is not in it: it follows, from spooledBody().
    std::string serialize(bool headRequest);
    std::shared_ptr<Spool> spooledBody() const { return spool_; }

    static constexpr std::size_t kSpoolAbove = 1024 * 1024;

  private:
    // Appends each write to the body as it is made (no buffer of its own), so that what goes
    // through send() and through sendBuffer() keeps the order it was written in.
    class BodySink final : public std::streambuf {
      public:
        explicit BodySink(BufferedResponse& response) : response_(response) {}

      protected:
        int_type overflow(int_type c) override;
        std::streamsize xsputn(const char* bytes, std::streamsize count) override;

      private:
        BufferedResponse& response_;
    };
    struct BodyStream {
        explicit BodyStream(BufferedResponse& response) : sink(response), stream(&sink) {}
        BodySink sink;
        std::ostream stream;
    };

    void appendBody(std::string_view bytes);
    std::int64_t bodySize() const;

    bool sent_ = false;
    std::string body_;
    std::shared_ptr<Spool> spool_;
    // Made on the first send(): most handlers write their body with sendBuffer(), and a stream
    // costs more to set up than a small answer costs to write.
    std::optional<BodyStream> stream_;
};

// A request whose head and whole body the front has already read. Handlers see it as Poco's
// HTTPServerRequest: the body as a stream, framed by Content-Length (a chunked body arrives
// de-chunked).
class BufferedRequest final : public Poco::Net::HTTPServerRequest {
  public:
    BufferedRequest(ParsedRequest request, BufferedResponse& response,
                    const Poco::Net::SocketAddress& client, const Poco::Net::SocketAddress& server,
                    const Poco::Net::HTTPServerParams& params);

    std::istream& stream() override;
    const Poco::Net::SocketAddress& clientAddress() const override { return client_; }
    const Poco::Net::SocketAddress& serverAddress() const override { return server_; }
    const Poco::Net::HTTPServerParams& serverParams() const override { return params_; }
    Poco::Net::HTTPServerResponse& response() const override { return response_; }
    bool secure() const override { return false; }

  private:
    std::string body_;
    std::shared_ptr<Spool> spooledBody_;
    // Made on the first stream(): most requests have no body, or one a handler never reads.
    std::optional<std::istringstream> stream_;
    BufferedResponse& response_;
    Poco::Net::SocketAddress client_;
    Poco::Net::SocketAddress server_;
    const Poco::Net::HTTPServerParams& params_;
};

}  // namespace lodestone::http
