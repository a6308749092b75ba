//go:build tools

// Package tools pins the Pulumi CLI that the e2e tests and the demo build from Go modules,
// because no prebuilt CLI can be downloaded on the CI machines.
package tools

import _ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
