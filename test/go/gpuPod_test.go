// The Go SDK end to end: examples/go-gpu-pod's program, run as it is written as an inline program of the Automation
// API (so no Go language host is needed), against the emulator and the npm package's native plugin
// (pulumi-resource-computeplatform on PATH). test/e2e/goSdk.test.ts starts the emulator, installs the packed package
// and runs this suite with:
//
//	COMPUTEPLATFORM_TEST_API_URL        the emulator
//	COMPUTEPLATFORM_TEST_API_KEY        the default provider's account
//	COMPUTEPLATFORM_TEST_TEAM_API_KEY   the second account, for the example's explicit provider
//
// Steps: up (a volume, a pod that mounts it on the GPU type an invoke picked, a volume in the second account), a
// no-change preview, an in-place update, a replace, refresh after an out-of-band delete, and destroy. After every
// step the emulator's REST answers hold exactly what the exported state says, and neither API key is in the state
// in plain text, and no file of the state backend (its backups and history too) holds the pod's plain env value,
// which `preview --diff` shows as [secret].
package sdktest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/computeplatform/pulumi-computeplatform/examples/go-gpu-pod/gpupod"
	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
)

const (
	podType    = "computeplatform:index:Pod"
	volumeType = "computeplatform:index:NetworkVolume"
	// What getCheapestGpuType answers in US-TX-3 for at least 24 GB, and for at least 80 GB, in the emulator's catalog.
	gpuFor24GB = "NVIDIA GeForce RTX 4090"
	gpuFor80GB = "NVIDIA A100 80GB PCIe"
	// The pod's env value in the example, a secret input and output.
	envValue = "nightly"
)

// account is one API key's view of the emulator.
type account struct {
	name string
	key  string
}

type suite struct {
	ctx     context.Context
	apiURL  string
	main    account
	team    account
	stack   auto.Stack
	podID   string
	dataID  string
	teamVol string
	// backend is the file backend's folder: the state, its backups and its history.
	backend string
}

func TestGpuPodExample(t *testing.T) {
	s := newSuite(t)

	t.Run("preview --diff shows the pod's env as [secret]", func(t *testing.T) {
		result, err := s.stack.Preview(s.ctx, optpreview.Diff())
		must(t, err)
		expectChanges(t, opCounts(result.ChangeSummary), map[string]int{"create": 5})
		if !strings.Contains(result.StdOut, "[secret]") || strings.Contains(result.StdOut, envValue) {
			t.Fatalf("preview --diff does not show the env as [secret] only:\n%s", result.StdOut)
		}
	})

	t.Run("up creates the volume, the pod that mounts it on the invoked GPU type, and the second account's volume", func(t *testing.T) {
		state := s.up(t, map[string]int{"create": 5}, gpuFor24GB, "/workspace")
		expectEqual(t, "volumes in state", len(state.live(volumeType)), 2)
		// The explicit provider's volume belongs to the second account: the first account's key cannot see it.
		s.get(t, s.team, "/v2/network-volumes/"+s.teamVol, http.StatusOK)
		s.get(t, s.main, "/v2/network-volumes/"+s.teamVol, http.StatusForbidden)
		s.get(t, s.main, "/v2/network-volumes/"+s.dataID, http.StatusOK)
	})

	t.Run("preview right after up shows no changes", func(t *testing.T) {
		result, err := s.stack.Preview(s.ctx)
		must(t, err)
		expectChanges(t, opCounts(result.ChangeSummary), map[string]int{"same": 5})
		s.expectInSync(t)
	})

	t.Run("a mount path edit updates the pod in place", func(t *testing.T) {
		before := s.podID
		must(t, s.stack.SetConfig(s.ctx, "mountPath", auto.ConfigValue{Value: "/data"}))
		s.up(t, map[string]int{"same": 4, "update": 1}, gpuFor24GB, "/data")
		expectEqual(t, "the pod id", s.podID, before)
	})

	t.Run("a GPU memory edit that picks another GPU type replaces the pod", func(t *testing.T) {
		before := s.podID
		must(t, s.stack.SetConfig(s.ctx, "minGpuMemory", auto.ConfigValue{Value: "80"}))
		s.up(t, map[string]int{"same": 4, "replace": 1}, gpuFor80GB, "/data")
		if s.podID == before {
			t.Fatalf("the pod kept its id %s", before)
		}
		s.get(t, s.main, "/v2/pods/"+before, http.StatusNotFound)
	})

	t.Run("refresh after an out-of-band delete drops the pod from state", func(t *testing.T) {
		s.request(t, s.main, http.MethodDelete, "/v2/pods/"+s.podID, http.StatusNoContent)
		result, err := s.stack.Refresh(s.ctx)
		must(t, err)
		expectChanges(t, *result.Summary.ResourceChanges, map[string]int{"same": 4, "delete": 1})
		state := s.expectInSync(t)
		expectEqual(t, "pods in state", len(state.live(podType)), 0)
		expectEqual(t, "volumes in state", len(state.live(volumeType)), 2)
	})

	t.Run("destroy deletes everything, in both accounts", func(t *testing.T) {
		result, err := s.stack.Destroy(s.ctx)
		must(t, err)
		expectChanges(t, *result.Summary.ResourceChanges, map[string]int{"delete": 4})
		state := s.expectInSync(t)
		expectEqual(t, "resources in state", len(state.Resources), 0)
		for _, who := range []account{s.main, s.team} {
			expectEqual(t, who.name+"'s volumes", len(s.list(t, who, "/v2/network-volumes", "networkVolumes")), 0)
		}
	})
}

func newSuite(t *testing.T) *suite {
	s := &suite{
		ctx:    context.Background(),
		apiURL: requireEnv(t, "COMPUTEPLATFORM_TEST_API_URL"),
		main:   account{name: "default", key: requireEnv(t, "COMPUTEPLATFORM_TEST_API_KEY")},
		team:   account{name: "team", key: requireEnv(t, "COMPUTEPLATFORM_TEST_TEAM_API_KEY")},
	}
	dir := t.TempDir()
	backend := filepath.Join(dir, "state")
	must(t, os.MkdirAll(backend, 0o700))
	s.backend = backend
	stack, err := auto.UpsertStackInlineSource(s.ctx, "e2e", "go-gpu-pod", gpupod.Program,
		auto.Project(workspace.Project{
			Name:    "go-gpu-pod",
			Runtime: workspace.NewProjectRuntimeInfo("go", nil),
			Backend: &workspace.ProjectBackend{URL: "file://" + backend},
		}),
		auto.WorkDir(dir),
		auto.PulumiHome(filepath.Join(dir, "home")),
		auto.SecretsProvider("passphrase"),
		auto.EnvVars(map[string]string{
			"PULUMI_CONFIG_PASSPHRASE":                    "go-sdk-e2e",
			"PULUMI_SKIP_UPDATE_CHECK":                    "true",
			"PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION": "true",
		}),
	)
	must(t, err)
	s.stack = stack
	must(t, stack.SetAllConfig(s.ctx, auto.ConfigMap{
		"computeplatform:apiUrl": {Value: s.apiURL},
		"computeplatform:apiKey": {Value: s.main.key, Secret: true},
		"teamApiUrl":             {Value: s.apiURL},
		"teamApiKey":             {Value: s.team.key, Secret: true},
	}))
	t.Cleanup(func() {
		if state := s.export(t); len(state.Resources) > 0 {
			if _, err := stack.Destroy(s.ctx); err != nil {
				t.Errorf("destroy after the suite: %v", err)
			}
		}
	})
	return s
}

// up runs `pulumi up` and asserts its changes, that the emulator is in sync, that the stack outputs are exactly
// what the example declares, and that the API answers for the pod with the GPU type and mount path given. It
// records the ids of the pod and the volumes.
func (s *suite) up(t *testing.T, changes map[string]int, gpuType, mountPath string) deployment {
	t.Helper()
	result, err := s.stack.Up(s.ctx)
	must(t, err)
	expectChanges(t, *result.Summary.ResourceChanges, changes)
	state := s.expectInSync(t)
	pods := state.live(podType)
	if len(pods) != 1 {
		t.Fatalf("state holds %d pods, want 1", len(pods))
	}
	s.podID = pods[0].ID
	s.dataID = state.named(volumeType, "data").ID
	s.teamVol = state.named(volumeType, "datasets").ID
	expectOutputs(t, result.Outputs, map[string]any{
		"gpuType":          gpuType,
		"podId":            s.podID,
		"podStatus":        "RUNNING",
		"dataVolumeId":     s.dataID,
		"datasetsVolumeId": s.teamVol,
	})
	pod := s.get(t, s.main, "/v2/pods/"+s.podID, http.StatusOK)
	expectEqual(t, "the pod's gpu", pod["gpu"], map[string]any{"id": gpuType, "count": float64(1)})
	expectEqual(t, "the pod's mounts", pod["mounts"], map[string]any{"network": []any{map[string]any{"volumeId": s.dataID, "path": mountPath}}})
	return state
}

// expectNoEnvValue asserts that no file of the state backend (the state, its backups and its history) holds the
// pod's env value.
func (s *suite) expectNoEnvValue(t *testing.T) {
	t.Helper()
	must(t, filepath.WalkDir(s.backend, func(path string, entry os.DirEntry, err error) error {
		if err != nil || entry.IsDir() {
			return err
		}
		content, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if bytes.Contains(content, []byte(envValue)) {
			t.Fatalf("%s holds the env value %q in plain text", path, envValue)
		}
		return nil
	}))
}

func requireEnv(t *testing.T, name string) string {
	value := os.Getenv(name)
	if value == "" {
		t.Fatalf("%s is not set: test/e2e/goSdk.test.ts runs this suite against an emulator", name)
	}
	return value
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// stateResource is a resource as the exported checkpoint records it.
type stateResource struct {
	URN      string         `json:"urn"`
	Type     string         `json:"type"`
	ID       string         `json:"id"`
	Provider string         `json:"provider"`
	Delete   bool           `json:"delete"`
	Outputs  map[string]any `json:"outputs"`
}

type deployment struct {
	Resources []stateResource `json:"resources"`
	raw       []byte
}

// holding names the resources whose record in the state holds `text`.
func (d deployment) holding(text string) []string {
	var records struct {
		Resources []json.RawMessage `json:"resources"`
	}
	if err := json.Unmarshal(d.raw, &records); err != nil {
		return []string{err.Error()}
	}
	var urns []string
	for i, record := range records.Resources {
		if bytes.Contains(record, []byte(text)) {
			urns = append(urns, d.Resources[i].URN)
		}
	}
	return urns
}

func (d deployment) live(kind string) []stateResource {
	var found []stateResource
	for _, resource := range d.Resources {
		if resource.Type == kind && !resource.Delete {
			found = append(found, resource)
		}
	}
	return found
}

func (d deployment) named(kind, name string) stateResource {
	for _, resource := range d.live(kind) {
		if resource.Outputs["name"] == name {
			return resource
		}
	}
	return stateResource{}
}

// inAccount tells whether the resource is managed through the account's provider: the default provider, or the
// example's explicit provider `team`.
func (r stateResource) inAccount(who account) bool {
	if who.name == "team" {
		return strings.Contains(r.Provider, "::pulumi:providers:computeplatform::team::")
	}
	return strings.Contains(r.Provider, "::pulumi:providers:computeplatform::default")
}

// export runs `pulumi stack export` as a user does: secrets stay encrypted, unlike the Automation API's
// Stack.Export, which shows them.
func (s *suite) export(t *testing.T) deployment {
	t.Helper()
	workspace := s.stack.Workspace()
	env := []string{"PULUMI_HOME=" + workspace.PulumiHome()}
	for name, value := range workspace.GetEnvVars() {
		env = append(env, name+"="+value)
	}
	stdout, stderr, _, err := workspace.PulumiCommand().Run(s.ctx, workspace.WorkDir(), nil, nil, nil, env, "stack", "export", "--stack", s.stack.Name())
	if err != nil {
		t.Fatalf("pulumi stack export: %v\n%s", err, stderr)
	}
	var exported struct {
		Deployment json.RawMessage `json:"deployment"`
	}
	must(t, json.Unmarshal([]byte(stdout), &exported))
	state := deployment{raw: exported.Deployment}
	must(t, json.Unmarshal(exported.Deployment, &state))
	return state
}

// The fields that state outputs mirror from the v2 answers, per kind.
var compared = map[string]struct {
	list   string
	key    string
	fields []string
}{
	podType:    {"/v2/pods", "pods", []string{"name", "image", "gpu", "cpu", "mounts", "ports", "cloud", "dataCenterId", "status"}},
	volumeType: {"/v2/network-volumes", "networkVolumes", []string{"name", "size", "dataCenter", "type"}},
}

// expectInSync exports the state, asserts that neither API key is in it in plain text and that each account's REST
// answers hold exactly the pods and volumes the state holds for that account, with equal fields, and returns it.
func (s *suite) expectInSync(t *testing.T) deployment {
	t.Helper()
	state := s.export(t)
	s.expectNoEnvValue(t)
	for _, who := range []account{s.main, s.team} {
		if bytes.Contains(state.raw, []byte(who.key)) {
			t.Fatalf("the %s account's API key is in the state in plain text, in %v", who.name, state.holding(who.key))
		}
		for kind, spec := range compared {
			inState := map[string]map[string]any{}
			for _, resource := range state.live(kind) {
				if resource.inAccount(who) {
					inState[resource.ID] = pick(resource.Outputs, spec.fields)
				}
			}
			inAPI := map[string]map[string]any{}
			for _, object := range s.list(t, who, spec.list, spec.key) {
				if object["status"] == "TERMINATED" {
					continue
				}
				inAPI[fmt.Sprint(object["id"])] = pick(object, spec.fields)
			}
			expectEqual(t, fmt.Sprintf("%s in the %s account", kind, who.name), inState, inAPI)
		}
	}
	return state
}

func pick(object map[string]any, fields []string) map[string]any {
	picked := map[string]any{}
	for _, field := range fields {
		if value, ok := object[field]; ok && value != nil {
			picked[field] = value
		}
	}
	return picked
}

func (s *suite) list(t *testing.T, who account, path, key string) []map[string]any {
	t.Helper()
	var answer map[string][]map[string]any
	must(t, json.Unmarshal(s.request(t, who, http.MethodGet, path, http.StatusOK), &answer))
	return answer[key]
}

func (s *suite) get(t *testing.T, who account, path string, status int) map[string]any {
	t.Helper()
	body := s.request(t, who, http.MethodGet, path, status)
	var object map[string]any
	if status == http.StatusOK {
		must(t, json.Unmarshal(body, &object))
	}
	return object
}

func (s *suite) request(t *testing.T, who account, method, path string, status int) []byte {
	t.Helper()
	request, err := http.NewRequestWithContext(s.ctx, method, strings.TrimSuffix(s.apiURL, "/")+path, nil)
	must(t, err)
	request.Header.Set("Authorization", "Bearer "+who.key)
	response, err := http.DefaultClient.Do(request)
	must(t, err)
	defer response.Body.Close()
	var body bytes.Buffer
	_, err = body.ReadFrom(response.Body)
	must(t, err)
	if response.StatusCode != status {
		t.Fatalf("%s %s as %s: status %d, want %d: %s", method, path, who.name, response.StatusCode, status, body.String())
	}
	return body.Bytes()
}

func opCounts[K ~string](summary map[K]int) map[string]int {
	counts := map[string]int{}
	for op, count := range summary {
		counts[string(op)] = count
	}
	return counts
}

func expectChanges(t *testing.T, got, want map[string]int) {
	t.Helper()
	expectEqual(t, "resource changes", got, want)
}

func expectOutputs(t *testing.T, outputs auto.OutputMap, want map[string]any) {
	t.Helper()
	got := map[string]any{}
	for name, output := range outputs {
		got[name] = output.Value
	}
	expectEqual(t, "stack outputs", got, want)
}

func expectEqual(t *testing.T, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		gotJSON, _ := json.Marshal(got)
		wantJSON, _ := json.Marshal(want)
		t.Fatalf("%s:\n got  %s\n want %s", what, gotJSON, wantJSON)
	}
}
