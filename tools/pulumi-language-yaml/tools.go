//go:build tools

// Package tools pins the Pulumi YAML language host that the YAML e2e tests build from Go modules,
// because no prebuilt plugin can be downloaded on the CI machines.
package tools

import _ "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml"
