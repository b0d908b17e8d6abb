// The labelled prospects' company websites (tests/data/research-labels/sites/<host>/), served on
// 127.0.0.1 by a Poco server in the test process and told apart by the Host header: `/` is the
// host's index.html, `/about` its about.html, anything else (and any other host) a 404.
// research-web reaches them through its `resolve`, every prospect's domain mapped here, so no name
// is ever looked up and nothing leaves the machine.
#pragma once

#include <Poco/Net/TCPServer.h>
#include <Poco/ThreadPool.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <set>
#include <string>

namespace lodestone::plugins::testing {

class LabelledSites {
  public:
    explicit LabelledSites(std::filesystem::path root);
    ~LabelledSites();
    LabelledSites(const LabelledSites&) = delete;
    LabelledSites& operator=(const LabelledSites&) = delete;

    std::string address() const { return "127.0.0.1:" + std::to_string(port_); }
    // research-web's `resolve` value mapping every host of `hosts` (and its www. twin) here, as a
    // YAML flow mapping.
    std::string resolveYaml(const std::set<std::string>& hosts) const;
    // The hosts with a site under the root.
    std::set<std::string> hosts() const;

  private:
    std::filesystem::path root_;
    std::uint16_t port_ = 0;
    Poco::ThreadPool threads_{2, 16};
    std::unique_ptr<Poco::Net::TCPServer> server_;
};

}  // namespace lodestone::plugins::testing
