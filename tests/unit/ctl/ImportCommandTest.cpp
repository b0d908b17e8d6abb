// `campaign import`: a CSV file of leads read from disk and added by lodestonectl itself, its
// rejected rows listed; `--no-wait` only queues it for lodestoned.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "unit/ctl/CtlFixture.hpp"

using ::testing::HasSubstr;

namespace {

class CtlImport : public lodestone::test::CtlFixture {
  protected:
    void SetUp() override {
        CtlFixture::SetUp();
        campaign_ = ok({"campaign", "create", "--org", newOrg(), "--name", "Q3"})
                        ->getValue<std::string>("id");
    }
    std::string campaign_;
};

const char* const kList =
    "companyName;contactName;email;company.employeeCount;shoeSize\n"
    "Initech;Ann Lee;ann@initech.example;120;9\n"
    "Globex;Bo;bo@globex.example;;\n"
    "Hooli;Cy;not-an-address;;\n";

}  // namespace

TEST_F(CtlImport, AddsTheRowsAndListsTheRejectedOnes) {
    auto file = writeFile("list.csv", kList);
    auto json = ok({"campaign", "import", campaign_, file});
    EXPECT_EQ(json->getValue<std::string>("status"), "completed");
    EXPECT_EQ(json->getValue<int>("rows"), 3);
    EXPECT_EQ(json->getValue<int>("added"), 2);
    EXPECT_EQ(json->getValue<int>("rejected"), 1);
    EXPECT_EQ(json->getValue<std::string>("fileName"), "list.csv");
    auto rejection = json->getArray("rejections")->getObject(0);
    EXPECT_EQ(rejection->getValue<int>("line"), 4);
    EXPECT_EQ(rejection->getValue<std::string>("field"), "email");

    auto human = run({"campaign", "import", campaign_, file}, false);
    EXPECT_EQ(human.code, 0) << human.err;
    EXPECT_THAT(human.out, HasSubstr("0 added, 2 duplicates, 1 rejected"));
    EXPECT_THAT(human.out, HasSubstr("line 4, email: "));
    EXPECT_THAT(human.err, HasSubstr("ignored: shoeSize"));
}

TEST_F(CtlImport, NoWaitOnlyQueuesTheFile) {
    auto json = ok({"campaign", "import", campaign_, writeFile("list.csv", kList), "--no-wait"});
    EXPECT_EQ(json->getValue<std::string>("status"), "queued");
    EXPECT_EQ(json->getValue<int>("added"), 0);
}

TEST_F(CtlImport, ARefusedFileIsAnErrorSayingWhy) {
    auto refused = run({"campaign", "import", campaign_, writeFile("empty.csv", "")});
    EXPECT_EQ(refused.code, 1);
    EXPECT_THAT(refused.err, HasSubstr("The file is empty"));
    auto missing = run({"campaign", "import", campaign_, (dir_ / "nope.csv").string()});
    EXPECT_EQ(missing.code, 1);
    EXPECT_THAT(missing.err, HasSubstr("cannot read"));
    auto unknown = run({"campaign", "import", "campaign_nosuch", writeFile("l.csv", kList)});
    EXPECT_NE(unknown.code, 0);
}
