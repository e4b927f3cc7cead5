import { SAMPLE_IMAGE_URI, SAMPLE_RECEIPT_URI, svgDataUri } from '../../../../shared/label-config/sampleMedia.js';
import { xml, type TemplateDraft } from './template.js';

const shelfPhoto = svgDataUri(
  360,
  240,
  '<rect width="360" height="240" fill="#e9e4da"/><rect x="20" y="70" width="320" height="8" fill="#6d5c4a"/>' +
    '<rect x="20" y="150" width="320" height="8" fill="#6d5c4a"/><rect x="30" y="30" width="40" height="40" fill="#c0392b"/>' +
    '<rect x="75" y="30" width="40" height="40" fill="#c0392b"/><rect x="210" y="38" width="50" height="32" fill="#2980b9"/>' +
    '<rect x="40" y="110" width="60" height="40" fill="#27ae60"/>',
);

const warehousePhoto = svgDataUri(
  480,
  320,
  '<rect width="480" height="320" fill="#d5d8dc"/><rect y="230" width="480" height="90" fill="#a6acaf"/>' +
    '<rect x="40" y="190" width="110" height="50" fill="#8c5a2b"/><rect x="200" y="150" width="90" height="70" fill="#f2b705"/>' +
    '<rect x="270" y="90" width="8" height="130" fill="#333"/><circle cx="220" cy="235" r="14" fill="#222"/>' +
    '<circle cx="275" cy="235" r="14" fill="#222"/><circle cx="360" cy="150" r="12" fill="#f0c8a0"/>' +
    '<rect x="350" y="162" width="20" height="60" fill="#d7263d"/><polygon points="420,240 440,190 460,240" fill="#f46036"/>',
);

const aerialPhoto = svgDataUri(
  400,
  300,
  '<rect width="400" height="300" fill="#9bc37a"/><path d="M0 220 C120 180 220 260 400 200 L400 240 C220 300 120 220 0 260 Z" fill="#3b8bc2"/>' +
    '<rect x="180" y="0" width="30" height="300" fill="#8e8e8e"/><rect x="40" y="40" width="80" height="60" fill="#b55239"/>' +
    '<rect x="250" y="50" width="60" height="90" fill="#b55239"/><circle cx="330" cy="170" r="22" fill="#2d6a2e"/>',
);

const personPhoto = svgDataUri(
  240,
  320,
  '<rect width="240" height="320" fill="#f4f1ea"/><g stroke="#34495e" stroke-width="8" stroke-linecap="round" fill="none">' +
    '<path d="M120 70 L120 170 M80 90 L160 90 M80 90 L60 150 M160 90 L185 145 M100 170 L140 170 M100 170 L90 290 M140 170 L150 290"/></g>' +
    '<circle cx="120" cy="45" r="24" fill="#f0c8a0"/>',
);

const wallPhoto = svgDataUri(
  360,
  240,
  '<rect width="360" height="240" fill="#bfbab0"/><path d="M40 20 L70 80 L60 130 L95 210" stroke="#3d3d3d" stroke-width="4" fill="none"/>' +
    '<ellipse cx="260" cy="70" rx="45" ry="25" fill="#a04a1c" opacity="0.8"/><rect x="180" y="150" width="120" height="50" fill="#e8e4dc"/>',
);

const cellsPhoto = svgDataUri(
  320,
  240,
  '<rect width="320" height="240" fill="#f6d5e5"/><g fill="#c2185b" fill-opacity="0.35" stroke="#880e4f">' +
    '<ellipse cx="60" cy="60" rx="28" ry="22"/><ellipse cx="150" cy="90" rx="30" ry="26"/><ellipse cx="250" cy="60" rx="24" ry="24"/>' +
    '<ellipse cx="100" cy="170" rx="36" ry="20"/><ellipse cx="122" cy="170" rx="18" ry="16"/></g>' +
    '<circle cx="240" cy="180" r="5" fill="#555"/><circle cx="260" cy="195" r="3" fill="#555"/>',
);

const productPhoto = (color: string, shape: string) =>
  svgDataUri(200, 160, `<rect width="200" height="160" fill="#fafafa"/><g fill="${color}">${shape}</g>`);

export const imageTemplates: TemplateDraft[] = [
  {
    title: 'Sort Photos into Categories',
    details: 'Pick one category per image, e.g. whether a shelf photo shows full, partly empty or empty shelves.',
    config: xml`
      <View>
        <Header value="What does this shelf photo show?"/>
        <Image name="photo" value="$image" zoomControl="true"/>
        <Choices name="shelf_state" toName="photo" choice="single-radio" showInline="true" required="true">
          <Choice value="Fully stocked"/>
          <Choice value="Partly empty"/>
          <Choice value="Empty"/>
          <Choice value="Photo unusable"/>
        </Choices>
      </View>`,
    sample_data: { image: shelfPhoto },
  },
  {
    title: 'Box Objects in Images',
    details: 'Draw labeled bounding boxes around every object of interest, for training object detectors.',
    config: xml`
      <View>
        <Image name="image" value="$image" zoomControl="true" rotateControl="true"/>
        <RectangleLabels name="objects" toName="image" strokeWidth="2">
          <Label value="Pallet" background="#8c5a2b"/>
          <Label value="Forklift" background="#f2b705"/>
          <Label value="Person" background="#d7263d"/>
          <Label value="Safety cone" background="#f46036"/>
        </RectangleLabels>
      </View>`,
    sample_data: { image: warehousePhoto },
  },
  {
    title: 'Outline Areas with Polygons',
    details: 'Trace the exact outline of each area with a polygon, for segmentation of aerial or satellite photos.',
    config: xml`
      <View>
        <Header value="Trace each area in the aerial photo"/>
        <Image name="aerial" value="$image" zoom="true"/>
        <PolygonLabels name="land_use" toName="aerial" strokeWidth="2" pointSize="small" opacity="0.5">
          <Label value="Building" background="#c0392b"/>
          <Label value="Road" background="#7f8c8d"/>
          <Label value="Water" background="#2980b9"/>
          <Label value="Vegetation" background="#27ae60"/>
        </PolygonLabels>
      </View>`,
    sample_data: { image: aerialPhoto },
  },
  {
    title: 'Mark Body Keypoints',
    details: 'Place one point on each visible joint, for pose estimation.',
    config: xml`
      <View>
        <KeyPointLabels name="joints" toName="image" strokeWidth="2">
          <Label value="Head" background="#e74c3c"/>
          <Label value="Left shoulder" background="#3498db"/>
          <Label value="Right shoulder" background="#1abc9c"/>
          <Label value="Left hand" background="#9b59b6"/>
          <Label value="Right hand" background="#f1c40f"/>
          <Label value="Left foot" background="#e67e22"/>
          <Label value="Right foot" background="#2ecc71"/>
        </KeyPointLabels>
        <Image name="image" value="$image" zoom="true"/>
      </View>`,
    sample_data: { image: personPhoto },
  },
  {
    title: 'Paint Defect Masks',
    details: 'Paint pixel masks over surface defects with a brush, for semantic segmentation of inspection photos.',
    config: xml`
      <View>
        <Image name="surface" value="$image" zoom="true" brightnessControl="true" contrastControl="true"/>
        <BrushLabels name="defects" toName="surface">
          <Label value="Crack" background="#e74c3c"/>
          <Label value="Rust" background="#d35400"/>
          <Label value="Peeling paint" background="#8e44ad"/>
        </BrushLabels>
      </View>`,
    sample_data: { image: wallPhoto },
  },
  {
    title: 'Read Text in Images (OCR)',
    details: 'Box each line of text in a scan or photo and type what it says, for training text recognition.',
    config: xml`
      <View>
        <Image name="scan" value="$ocr" zoom="true"/>
        <RectangleLabels name="text_region" toName="scan" strokeWidth="2">
          <Label value="Printed" background="#2e86de"/>
          <Label value="Handwritten" background="#10ac84"/>
        </RectangleLabels>
        <TextArea name="transcription" toName="scan" perRegion="true" editable="true" required="true"
                  rows="2" placeholder="Type the text inside the selected box" displayMode="region-list"/>
      </View>`,
    sample_data: { ocr: SAMPLE_RECEIPT_URI },
  },
  {
    title: 'Describe an Image',
    details: 'Write a one or two sentence caption for each image, for image captioning or search.',
    config: xml`
      <View>
        <Image name="picture" value="$captioning"/>
        <Header value="Describe what you see in one or two sentences"/>
        <TextArea name="caption" toName="picture" rows="3" maxSubmissions="1" required="true"
                  placeholder="A red van parked on a street next to a cyclist..."/>
      </View>`,
    sample_data: { captioning: SAMPLE_IMAGE_URI },
  },
  {
    title: 'Count Cells with Ellipses',
    details: 'Fit an ellipse to every round object, e.g. cells in a microscope image, and say what it is.',
    config: xml`
      <View>
        <Image name="slide" value="$image" zoom="true" zoomControl="true"/>
        <EllipseLabels name="cells" toName="slide" opacity="0.6">
          <Label value="Healthy cell" background="#27ae60"/>
          <Label value="Dividing cell" background="#2980b9"/>
          <Label value="Debris" background="#7f8c8d"/>
        </EllipseLabels>
      </View>`,
    sample_data: { image: cellsPhoto },
  },
  {
    title: 'Review a Set of Photos',
    details: 'Check several photos in one task (one Repeater block per photo), e.g. all photos of one delivery.',
    config: xml`
      <View>
        <Repeater on="$images" indexFlag="{{idx}}">
          <Header value="$images[{{idx}}].caption"/>
          <Image name="photo_{{idx}}" value="$images[{{idx}}].url"/>
          <Choices name="verdict_{{idx}}" toName="photo_{{idx}}" choice="single" showInline="true">
            <Choice value="Usable"/>
            <Choice value="Blurry"/>
            <Choice value="Wrong item"/>
          </Choices>
        </Repeater>
      </View>`,
    sample_data: {
      images: [
        { url: productPhoto('#2980b9', '<rect x="60" y="40" width="80" height="80" rx="6"/>'), caption: 'Box, front' },
        { url: productPhoto('#2980b9', '<rect x="50" y="50" width="100" height="60" rx="6"/>'), caption: 'Box, side' },
        { url: productPhoto('#c0392b', '<circle cx="100" cy="80" r="45"/>'), caption: 'Label close-up' },
      ],
    },
    needsNewerEditor: true,
  },
];
