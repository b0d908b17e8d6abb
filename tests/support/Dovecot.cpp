#include "support/Dovecot.hpp"

#include <Poco/Net/NetException.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/StreamSocket.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace lodestone::test {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

const fs::path kDovecot = "/usr/sbin/dovecot";

// A port on 127.0.0.1 nothing listens on now. Another process may take it before dovecot binds
// it; start() then fails and the constructor tries other ports.
std::uint16_t freeLoopbackPort() {
    Poco::Net::ServerSocket probe(Poco::Net::SocketAddress("127.0.0.1", 0));
    std::uint16_t port = probe.address().port();
    probe.close();
    return port;
}

bool acceptsConnections(std::uint16_t port) {
    try {
        Poco::Net::StreamSocket socket;
        socket.connect(Poco::Net::SocketAddress("127.0.0.1", port), Poco::Timespan(0, 200000));
        socket.close();
        return true;
    } catch (const Poco::Exception&) {
        return false;
    }
}

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void writeFile(const fs::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out.flush()) throw std::runtime_error("cannot write " + path.string());
}

// Who dovecot's processes run as; see the class comment.
struct Identities {
    std::string internalUser, internalGroup, loginUser;
    uid_t mailUid;
    gid_t mailGid;
    bool chroot;
};

std::string userName(uid_t uid) {
    const passwd* entry = ::getpwuid(uid);
    if (entry == nullptr) throw std::runtime_error("no user name for uid " + std::to_string(uid));
    return entry->pw_name;
}

std::string groupName(gid_t gid) {
    const group* entry = ::getgrgid(gid);
    if (entry == nullptr) throw std::runtime_error("no group name for gid " + std::to_string(gid));
    return entry->gr_name;
}

Identities identities() {
    if (::geteuid() != 0) {
        return {userName(::geteuid()), groupName(::getegid()),
                userName(::geteuid()), ::geteuid(),
                ::getegid(),           false};
    }
    const passwd* nobody = ::getpwnam("nobody");
    if (nobody == nullptr) throw std::runtime_error("running as root needs the user nobody");
    // dovecot-core's unprivileged login user; nobody where the package did not make it.
    const std::string login = ::getpwnam("dovenull") != nullptr ? "dovenull" : "nobody";
    return {"root", groupName(0), login, nobody->pw_uid, nobody->pw_gid, true};
}

void changeOwner(const fs::path& path, uid_t uid, gid_t gid) {
    if (::chown(path.c_str(), uid, gid) != 0) {
        throw std::runtime_error("cannot chown " + path.string());
    }
}

}  // namespace

Dovecot::Dovecot(Tls tls) : tls_(tls == Tls::On) {
    if (!fs::exists(kDovecot)) {
        throw std::runtime_error(kDovecot.string() +
                                 " is missing: install dovecot-pop3d (scripts/install-deps.sh)");
    }
    const Identities who = identities();
    for (const char* folder :
         {"run", "state", "home", "Maildir", "Maildir/tmp", "Maildir/new", "Maildir/cur"}) {
        fs::create_directories(dir_ / folder);
    }
    if (::geteuid() == 0) {
        // The mail processes run as nobody: they must pass through the temporary directory
        // (0700 from mkdtemp) and own the Maildir, where dovecot keeps its index and uid list.
        fs::permissions(dir_.path(),
                        fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
        for (const char* folder :
             {"home", "Maildir", "Maildir/tmp", "Maildir/new", "Maildir/cur"}) {
            changeOwner(dir_ / folder, who.mailUid, who.mailGid);
        }
    }
    // passwd-file with the {PLAIN} scheme: the test knows the password, dovecot checks it.
    writeFile(dir_ / "passwd", user_ + ":{PLAIN}" + password_ + "\n");
    if (tls_)
        certificates_ = std::make_unique<TestCertificates>(std::vector<std::string>{"localhost"});
    for (int attempt = 0; attempt < 5; ++attempt) {
        port_ = freeLoopbackPort();
        tlsPort_ = tls_ ? freeLoopbackPort() : 0;
        writeConfig();
        if (start()) return;
    }
    throw std::runtime_error("dovecot found no free port in 5 attempts:\n" + log());
}

Dovecot::~Dovecot() {
    stop();
}

void Dovecot::writeConfig() const {
    const Identities who = identities();
    const std::string dir = dir_.path().string();
    std::ostringstream config;
    config << "# Written by tests/support/Dovecot.cpp for one test; nothing outside " << dir
           << ".\n"
           << "protocols = pop3\n"
           << "listen = 127.0.0.1\n"
           << "base_dir = " << dir << "/run\n"
           << "state_dir = " << dir << "/state\n"
           << "log_path = " << dir << "/dovecot.log\n"
           << "default_internal_user = " << who.internalUser << "\n"
           << "default_internal_group = " << who.internalGroup << "\n"
           << "default_login_user = " << who.loginUser
           << "\n"
           // Dovecot never opens mail as uid 0, whatever first_valid_uid says; the mail user is
           // nobody under root, so the limits only need to let it (or the test's user) in.
           << "first_valid_uid = 1\n"
           << "first_valid_gid = 1\n"
           << "disable_plaintext_auth = no\n"
           << "auth_mechanisms = plain\n"
           << "auth_failure_delay = 0\n"  // a wrong-password test need not wait 2 s
           << "passdb {\n"
           << "  driver = passwd-file\n"
           << "  args = scheme=PLAIN " << dir << "/passwd\n"
           << "}\n"
           << "userdb {\n"
           << "  driver = static\n"
           << "  args = uid=" << who.mailUid << " gid=" << who.mailGid << " home=" << dir
           << "/home\n"
           << "}\n"
           << "mail_location = maildir:" << dir << "/Maildir\n"
           << "pop3_uidl_format = %g\n";
    if (tls_) {
        config << "ssl = yes\n"
               << "ssl_cert = <" << certificates_->certificate().string() << "\n"
               << "ssl_key = <" << certificates_->key().string() << "\n"
               << "ssl_min_protocol = TLSv1.2\n";
    } else {
        config << "ssl = no\n";
    }
    config << "service pop3-login {\n";
    if (!who.chroot) config << "  chroot =\n";
    config << "  inet_listener pop3 {\n"
           << "    address = 127.0.0.1\n"
           << "    port = " << port_ << "\n"
           << "  }\n"
           << "  inet_listener pop3s {\n"
           << "    address = 127.0.0.1\n"
           << "    port = " << tlsPort_ << "\n"  // 0: no listener
           << "    ssl = yes\n"
           << "  }\n"
           << "}\n";
    if (!who.chroot) config << "service anvil {\n  chroot =\n}\n";
    writeFile(dir_ / "dovecot.conf", config.str());
}

bool Dovecot::start() {
    fs::remove(dir_ / "dovecot.log");
    process_ = std::make_unique<ChildProcess>(
        kDovecot, std::vector<std::string>{"-F", "-c", (dir_ / "dovecot.conf").string()});
    bool ready = eventually(
        [&] {
            if (!process_->running()) return true;  // ended: the check below tells
            return acceptsConnections(port_) && (!tls_ || acceptsConnections(tlsPort_));
        },
        30s);
    if (ready && process_->running()) return true;
    const std::string output = log() + process_->errors();
    stop();
    if (output.find("Address already in use") != std::string::npos) return false;
    throw std::runtime_error("dovecot did not start (" +
                             std::string(ready ? "it ended" : "no connection in 30 s") + "):\n" +
                             output);
}

void Dovecot::stop() {
    if (!process_) return;
    if (process_->running()) {
        process_->signal(SIGTERM);
        if (!process_->wait(10s)) process_->signal(SIGKILL);
    }
    process_.reset();  // waits for a killed process
}

std::string Dovecot::deliver(const std::string& rawMessage) {
    static std::atomic<int> delivered{0};
    const auto now = std::chrono::system_clock::now().time_since_epoch();
    // Maildir's unique name: seconds, then microseconds, process and a counter (maildir(5)).
    const std::string name =
        std::to_string(std::chrono::duration_cast<std::chrono::seconds>(now).count()) + ".M" +
        std::to_string(std::chrono::duration_cast<std::chrono::microseconds>(now).count() %
                       1000000) +
        "P" + std::to_string(::getpid()) + "Q" + std::to_string(++delivered) + ".lodestone-test";
    const fs::path draft = dir_ / "Maildir" / "tmp" / name;
    writeFile(draft, rawMessage);
    fs::permissions(draft, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                               fs::perms::others_read);
    if (::geteuid() == 0) {
        const Identities who = identities();
        changeOwner(draft, who.mailUid, who.mailGid);
    }
    fs::rename(draft, dir_ / "Maildir" / "new" / name);  // atomic: dovecot sees all or nothing
    return name;
}

void Dovecot::remove(const std::string& name) {
    for (const char* folder : {"new", "cur"}) {
        for (const auto& entry : fs::directory_iterator(dir_ / "Maildir" / folder)) {
            // In cur/ the name has the message's flags after it ("<name>:2,S").
            const std::string file = entry.path().filename().string();
            if (file == name || file.starts_with(name + ":")) fs::remove(entry.path());
        }
    }
}

std::size_t Dovecot::messageCount() const {
    std::size_t count = 0;
    for (const char* folder : {"new", "cur"}) {
        for (const auto& entry : fs::directory_iterator(dir_ / "Maildir" / folder)) {
            if (entry.is_regular_file()) ++count;
        }
    }
    return count;
}

std::string Dovecot::log() const {
    return readFile(dir_ / "dovecot.log");
}

}  // namespace lodestone::test
