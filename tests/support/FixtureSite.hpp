// Company websites for research-web to read, served on 127.0.0.1 by a PlainHttpServer in the
// test process. Each site has a name of its own under .example, told apart by the Host header;
// research reaches them through research-web's `resolve` (every name mapped to this server), so
// no name is ever looked up and nothing leaves the machine.
//
//   acme-fixture.example      a B2B company: JSON-LD, OG, technologies in scripts, headers and
//                             cookies, an about page two redirects away, a careers page with job
//                             postings, a blog, a customers page four redirects away (one too
//                             many), a team page larger than a small page_bytes, a pricing page
//                             that never answers
//   latin-fixture.example     a home page in windows-1252, declared by <meta charset>
//   broken-fixture.example    malformed HTML: misnested and unclosed tags, bad JSON-LD, links
//                             that are no URLs, 1000 nested <div>s
//   loop-fixture.example      its home redirects four times
//   metadata-fixture.example  its home redirects to the cloud metadata address
//   slow-fixture.example      a home whose every linked page never answers
//   short-fixture.example     redirects to www.short-fixture.example
#pragma once

#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "support/PlainHttpServer.hpp"

namespace lodestone::test {

class FixtureSite {
  public:
    static constexpr const char* kAcme = "acme-fixture.example";
    static constexpr const char* kLatin = "latin-fixture.example";
    static constexpr const char* kBroken = "broken-fixture.example";
    static constexpr const char* kLoop = "loop-fixture.example";
    static constexpr const char* kMetadata = "metadata-fixture.example";
    static constexpr const char* kSlow = "slow-fixture.example";
    static constexpr const char* kShort = "short-fixture.example";

    FixtureSite();
    // Releases the pages that never answer, then stops the server.
    ~FixtureSite();
    FixtureSite(const FixtureSite&) = delete;
    FixtureSite& operator=(const FixtureSite&) = delete;

    std::uint16_t port() const { return server_.port(); }
    std::string address() const { return server_.address(); }
    // research-web's `resolve` value mapping every fixture name here, as YAML flow mapping.
    std::string resolveYaml() const;
    // "http://<host><path>", as research-web names the pages it read.
    static std::string url(const std::string& host, const std::string& path) {
        return "http://" + std::string(host) + path;
    }

    // "<host> <path>" of every request received, in order.
    std::vector<std::string> requests() const;
    int hits(const std::string& host, const std::string& path) const;

    // For the handlers.
    void record(const std::string& host, const std::string& path);
    // Blocks until the site is being destroyed: a page that never answers.
    void hang();

  private:
    mutable std::mutex mutex_;
    std::condition_variable released_;
    bool stopping_ = false;
    std::vector<std::string> requests_;
    // Last: stopped before what its handlers use is gone.
    PlainHttpServer server_;
};

// The pages, by host and path (FixturePages.cpp): status, headers and body.
struct FixturePage {
    int status = 200;
    std::vector<std::pair<std::string, std::string>> headers;
    std::string body;
    bool hangs = false;  // never answers
};
FixturePage fixturePage(const std::string& host, const std::string& path);

}  // namespace lodestone::test
