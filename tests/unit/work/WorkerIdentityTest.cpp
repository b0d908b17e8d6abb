#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <set>

#include "unit/work/WorkTestSupport.hpp"
#include "work/WorkerIdentity.hpp"

using namespace lodestone::work;
using lodestone::work::test::deadPid;
using lodestone::work::test::localOwnerWithPid;
using ::testing::MatchesRegex;

namespace {

std::string hostName() {
    char name[256] = {};
    ::gethostname(name, sizeof(name) - 1);
    return name;
}

}  // namespace

TEST(WorkerIdentity, ProcessOwnerIsHostPidAndRandom) {
    auto owner = newProcessOwner();
    EXPECT_THAT(owner,
                MatchesRegex(hostName() + ":" + std::to_string(::getpid()) + ":[A-Za-z0-9]+"));
}

TEST(WorkerIdentity, ProcessOwnersAreUnique) {
    std::set<std::string> owners;
    for (int i = 0; i < 1000; ++i) owners.insert(newProcessOwner());
    EXPECT_EQ(owners.size(), 1000u);
}

TEST(WorkerIdentity, OurOwnLeasesAreNotDead) {
    auto us = newProcessOwner();
    EXPECT_FALSE(isDeadLocalOwner(us, us));
    EXPECT_FALSE(isDeadLocalOwner(us + ":17", us));  // one of our claims
}

TEST(WorkerIdentity, AnEarlierProcessWithOurPidIsDead) {
    // A container restarts its daemon with the same pid: that lease's process is gone.
    auto us = newProcessOwner();
    auto earlier = us.substr(0, us.rfind(':')) + ":previous:3";
    EXPECT_TRUE(isDeadLocalOwner(earlier, us));
}

TEST(WorkerIdentity, AReapedLocalProcessIsDead) {
    EXPECT_TRUE(isDeadLocalOwner(localOwnerWithPid(deadPid()), newProcessOwner()));
}

TEST(WorkerIdentity, ALiveLocalProcessIsNotDead) {
    EXPECT_FALSE(isDeadLocalOwner(localOwnerWithPid(::getppid()), newProcessOwner()));
}

TEST(WorkerIdentity, AnotherHostsProcessIsNeverDeclaredDead) {
    // The pid is dead here, but says nothing about a process on another machine.
    auto pid = std::to_string(deadPid());
    EXPECT_FALSE(isDeadLocalOwner("elsewhere.invalid:" + pid + ":deadbeef", newProcessOwner()));
    EXPECT_FALSE(isDeadLocalOwner(hostName() + "x:" + pid + ":deadbeef", newProcessOwner()));
}

TEST(WorkerIdentity, MalformedOwnersAreNotDead) {
    auto host = hostName();
    auto pid = std::to_string(deadPid());
    for (const std::string& owner :
         {std::string(), host, host + ":" + pid, pid, ":" + pid + ":x", host + "::x",
          host + ":" + pid + "x:r", host + ":x" + pid + ":r", host + ": " + pid + ":r",
          host + ":-" + pid + ":r", host + ":0:r", host + ":99999999999999999999:r",
          std::string("worker-1"), host + "-" + pid + "-r"}) {
        EXPECT_FALSE(isDeadLocalOwner(owner, newProcessOwner())) << owner;
    }
    // The same pid, well formed, is dead: the cases above fail on their format alone.
    EXPECT_TRUE(isDeadLocalOwner(host + ":" + pid + ":r", newProcessOwner()));
}

TEST(WorkerIdentity, TheProcessOfAnOwnerIsItsHostAndPid) {
    EXPECT_EQ(processOf("db1.example:4242:abcd1234:17"), "db1.example:4242");  // a claim's
    EXPECT_EQ(processOf("db1.example:4242:abcd1234"), "db1.example:4242");     // a process's
    EXPECT_EQ(processOf("worker-1"), "worker-1");  // another format is shown as it is
}
