import { TopologyPage } from './TopologyPage.js';

/** `/view/topology/{id}`: the component page without the shell's sidebar and top bar. */
export function StandaloneTopologyPage() {
  return (
    <div className="h-dvh bg-canvas text-fg">
      <TopologyPage />
    </div>
  );
}
